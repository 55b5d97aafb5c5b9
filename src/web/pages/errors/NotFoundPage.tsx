import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../hooks/usePageTitle';
import { HOME_PATH } from '../../providers/authProvider';

/** /404, where unknown paths end up (SPEC §2). */
export default function NotFoundPage() {
  const { t } = useTranslation('app');
  usePageTitle('app:notFound.title');
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="404"
        title="404"
        subTitle={t('notFound.description')}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            {t('notFound.backHome')}
          </Button>
        }
      />
    </div>
  );
}
