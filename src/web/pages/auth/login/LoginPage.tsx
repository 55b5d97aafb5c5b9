import { useId, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/AuthCard';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { safeRedirect } from '../../../navigation/redirects';
import { DemoLogins } from './DemoLogins';
import { PasswordLoginForm } from './PasswordLoginForm';
import { SmsLoginForm } from './SmsLoginForm';
import { consolePath } from '../../../../shared/consolePaths';

const MODES = ['password', 'sms'] as const;
type Mode = (typeof MODES)[number];

/** /user/login: password or SMS sign-in, then on to the `redirect` query or /home. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle('auth:login.title');
  const { search } = useLocation();
  const redirectTo = safeRedirect(search);
  const [mode, setMode] = useState<Mode>('password');
  const id = useId();
  const labels: Record<Mode, string> = { password: t('login.tabPassword'), sms: t('login.tabSms') };

  // Arrow keys move between the tabs, as in any tab list.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    setMode((current) => MODES[(MODES.indexOf(current) + 1) % MODES.length]);
  };

  return (
    <AuthCard>
      <div className="auth-tabs" role="tablist" onKeyDown={onKeyDown}>
        {MODES.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${id}-${value}-tab`}
            aria-selected={mode === value}
            aria-controls={`${id}-${value}-panel`}
            tabIndex={mode === value ? 0 : -1}
            className="auth-tabs__tab"
            onClick={() => setMode(value)}
          >
            {labels[value]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${mode}-panel`} aria-labelledby={`${id}-${mode}-tab`}>
        {mode === 'password' ? (
          <PasswordLoginForm key="password" redirectTo={redirectTo} />
        ) : (
          <SmsLoginForm key="sms" redirectTo={redirectTo} />
        )}
      </div>
      <div className="auth-card__links">
        <Link to={consolePath('forgetPassword')}>{t('login.forgetPassword')}</Link>
        <Link to={consolePath('sign')}>{t('login.register')}</Link>
      </div>
      <DemoLogins />
    </AuthCard>
  );
}
