import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResolvedRoute } from '../../../shared/menu';
import { usePageTitle } from '../../hooks/usePageTitle';
import './receipt.css';

/**
 * A printable receipt (blank layout). The templates come with the settlement issues; until
 * then the page shows which receipt it is. The print button is not printed (global.css).
 */
export default function ReceiptPage({ route, template }: { route: ResolvedRoute; template: string }) {
  const { t } = useTranslation(['menu', 'shell']);
  usePageTitle(`menu:${route.titleKey}`);
  return (
    <article className="receipt" data-template={template}>
      <h1 className="receipt__title">{t(route.titleKey)}</h1>
      <p className="receipt__note">{t('shell:receipt.description')}</p>
      <div className="receipt__actions no-print">
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('shell:receipt.print')}
        </Button>
      </div>
    </article>
  );
}
