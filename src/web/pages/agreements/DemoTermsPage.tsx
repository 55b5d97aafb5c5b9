import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDemoTerms } from '../../system/agreements';
import { DocumentView } from './DocumentView';

/** /operator/demoDetail: the example settlement terms. */
export default function DemoTermsPage() {
  const { t } = useTranslation('agreementPages');
  const demo = useDemoTerms();
  return (
    <Card title={t('demo.title')} loading={demo.isLoading}>
      {demo.data && <DocumentView document={demo.data} />}
    </Card>
  );
}
