import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSOLE_ROUTES } from '../../refine/resources';
import { ErrorState, LoadingState } from '../../resources/states';
import { DocumentText } from './DocumentText';
import { useRecordDocument } from '../../system/contracts';

/** The console route that prints a record's document (render.page contractDocument). */
const DOCUMENT_ROUTE = CONSOLE_ROUTES.find((route) => route.render && 'page' in route.render && route.render.page === 'contractDocument');

/** In the signing dialog: the text the signer is about to sign, its hash, and the printable page. */
export default function SigningDocument({ resource, id }: { resource: string; id: string }) {
  const { t } = useTranslation('trading');
  const document = useRecordDocument(resource, id);
  if (document.isPending) return <LoadingState rows={6} />;
  if (document.isError) return <ErrorState error={document.error} onRetry={() => void document.refetch()} />;
  return (
    <div className="signing-document">
      <DocumentText doc={document.data} />
      {DOCUMENT_ROUTE && (
        <Typography.Paragraph>
          <Link to={`${DOCUMENT_ROUTE.path}?resource=${resource}&id=${encodeURIComponent(id)}`} target="_blank">
            {t('document.open')}
          </Link>
        </Typography.Paragraph>
      )}
    </div>
  );
}
