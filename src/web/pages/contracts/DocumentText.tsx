import { Alert, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordDocument } from '../../system/contracts';
import './contractDocument.css';

/** The document's text as signed, with its SHA-256 now and, once signed, as fixed then. */
export function DocumentText({ doc }: { doc: RecordDocument }) {
  const { t } = useTranslation('trading');
  const changed = doc.signedSha256 !== null && doc.signedSha256 !== doc.sha256;
  return (
    <div className="contract-document">
      <div className="contract-document__text" data-testid="document-text">
        {doc.text}
      </div>
      <Descriptions size="small" column={1} bordered className="contract-document__hash">
        <Descriptions.Item label={t('document.hash')}>
          <Typography.Text code copyable data-testid="document-sha256">
            {doc.sha256}
          </Typography.Text>
        </Descriptions.Item>
        {doc.signedSha256 && (
          <Descriptions.Item label={t('document.signedHash')}>
            <Typography.Text code>{doc.signedSha256}</Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      {doc.signedSha256 === null ? (
        <Alert type="info" showIcon message={t('document.notSigned')} className="no-print" />
      ) : (
        <Alert type={changed ? 'error' : 'success'} showIcon message={t(changed ? 'document.changed' : 'document.matches')} />
      )}
    </div>
  );
}
