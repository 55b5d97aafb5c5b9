import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/AuthCard';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { consolePath } from '../../../../shared/consolePaths';

/** /user/registerSuccessfully */
export default function RegisterSuccessPage() {
  const { t } = useTranslation('auth');
  usePageTitle('auth:registerSuccess.title');
  return (
    <AuthCard>
      <Result
        status="success"
        title={t('registerSuccess.heading')}
        subTitle={t('registerSuccess.description')}
        extra={
          <Link to={consolePath('login')}>
            <Button type="primary">{t('registerSuccess.toLogin')}</Button>
          </Link>
        }
      />
    </AuthCard>
  );
}
