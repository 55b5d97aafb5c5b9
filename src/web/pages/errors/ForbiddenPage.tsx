import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../../shared/menu';

/** A signed-in user typed the URL of a route their role does not reach (SPEC §6). */
export default function ForbiddenPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('forbidden.description')}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('forbidden.backHome')}
        </Button>
      }
    />
  );
}
