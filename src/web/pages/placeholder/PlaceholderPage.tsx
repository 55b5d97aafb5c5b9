import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResolvedRoute } from '../../../shared/menu';

/** A route whose business content comes in a later issue: its title and a note saying so. */
export default function PlaceholderPage({ route }: { route: ResolvedRoute }) {
  const { t } = useTranslation('menu');
  const title = t(route.titleKey);
  return (
    <Card>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('placeholder.description', { title })}</Typography.Paragraph>
    </Card>
  );
}
