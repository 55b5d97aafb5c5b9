import { Button, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH, LOGIN_PATH } from '../../../shared/menu';
import { usePageTitle } from '../../hooks/usePageTitle';
import './landing.css';
import { hasValidToken } from '../../providers/session';
import { VARIANT } from '../../variant';
import { useVariantText } from '../../variant/useVariantText';
import { PromotionForm } from './PromotionForm';
import { consolePath } from '../../../shared/consolePaths';

/** /landing: the public product page the footer banner points to. */
export default function LandingPage() {
  const { t } = useTranslation('shell');
  usePageTitle('menu:routes.landing');
  const text = useVariantText();
  const navigate = useNavigate();
  const signedIn = hasValidToken();
  return (
    <main className="landing">
      <Typography.Title>{text(VARIANT.productTitle)}</Typography.Title>
      <Typography.Paragraph className="landing__lead">{text(VARIANT.headerDescription)}</Typography.Paragraph>
      <ul className="landing__points">
        <li>{t('landing.point1')}</li>
        <li>{t('landing.point2')}</li>
        <li>{t('landing.point3')}</li>
      </ul>
      <Space>
        {signedIn ? (
          <Button type="primary" size="large" onClick={() => navigate(HOME_PATH)}>
            {t('landing.console')}
          </Button>
        ) : (
          <>
            <Button type="primary" size="large" onClick={() => navigate(LOGIN_PATH)}>
              {t('landing.signIn')}
            </Button>
            <Button size="large" onClick={() => navigate(consolePath('sign'))}>
              {t('landing.register')}
            </Button>
          </>
        )}
      </Space>
      <PromotionForm />
    </main>
  );
}
