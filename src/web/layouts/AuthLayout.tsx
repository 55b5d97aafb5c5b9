import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LinkOutlined } from '@ant-design/icons';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { PageLoading } from '../components/PageLoading';
import { RouteErrorBoundary } from '../navigation/RouteErrorBoundary';
import { VARIANT } from '../variant';
import { useVariantText } from '../variant/useVariantText';
import { consolePath } from '../../shared/consolePaths';

/** The /user frame (SPEC §2 auth layout): the variant's brand, language switcher, the page's card, footer. */
export default function AuthLayout() {
  const { t } = useTranslation('app');
  const text = useVariantText();
  return (
    <div className="auth-page">
      <div className="auth-page__top">
        <LanguageSwitcher />
      </div>
      <main className="auth-page__main">
        <Link to={consolePath('login')} className="auth-brand">
          <span className="auth-brand__row">
            <span className="auth-brand__mark" aria-hidden>
              <LinkOutlined />
            </span>
            <span className="auth-brand__name">{text(VARIANT.productTitle)}</span>
          </span>
          <span className="auth-brand__slogan">{text(VARIANT.headerDescription)}</span>
        </Link>
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <footer className="auth-page__footer">
        <div>
          <Link to={consolePath('registerProtocol')}>{t('footer.registerProtocol')}</Link>
          {' · '}
          <Link to={consolePath('serviceProvision')}>{t('footer.serviceProvision')}</Link>
        </div>
        <div>{t('footer.copyright', { year: new Date().getFullYear() })}</div>
      </footer>
    </div>
  );
}
