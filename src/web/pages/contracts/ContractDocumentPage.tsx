import { PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SignatureList } from '../../resources/SignatureList';
import { ErrorState, LoadingState } from '../../resources/states';
import type { PageProps } from '../registry';
import { DocumentText } from './DocumentText';
import { useRecordDocument } from '../../system/contracts';

/**
 * The printable contract (/contract/detailspact?id=): the text both parties sign, its SHA-256
 * and the signatures, printed without the console around it.
 */
export default function ContractDocumentPage(_: PageProps) {
  const { t } = useTranslation('trading');
  const [params] = useSearchParams();
  const id = params.get('id');
  const resource = params.get('resource') ?? 'contracts';
  const document = useRecordDocument(resource, id);
  if (!id) return <Result status="warning" title={t('document.missingId')} />;
  if (document.isPending) return <LoadingState rows={8} />;
  if (document.isError) return <ErrorState error={document.error} onRetry={() => void document.refetch()} />;
  const doc = document.data;
  return (
    <Card
      className="contract-document-page"
      title={doc.title}
      extra={
        <Space className="no-print">
          <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('document.print')}
          </Button>
        </Space>
      }
    >
      <DocumentText doc={doc} />
      <Card type="inner" size="small" title={t('document.signatures')} style={{ marginTop: 12 }}>
        {doc.signatures.length ? <SignatureList value={doc.signatures} /> : t('document.noSignatures')}
      </Card>
    </Card>
  );
}
