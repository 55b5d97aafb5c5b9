import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../resources/states';
import { useServiceAgreement } from '../../system/agreements';
import { DocumentView } from './DocumentView';

/** /contractUpdate/serviceAgreement: the trade contract service agreement, readable and printable. */
export default function ServiceAgreementPage() {
  const { t } = useTranslation('agreementPages');
  const agreement = useServiceAgreement();
  if (agreement.isError) return <ErrorState error={agreement.error} onRetry={() => void agreement.refetch()} />;
  return (
    <Card title={t('service.title')} loading={agreement.isLoading}>
      {agreement.data && <DocumentView document={agreement.data} />}
    </Card>
  );
}
