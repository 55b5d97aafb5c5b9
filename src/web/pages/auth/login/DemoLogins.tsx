import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemoLogin } from '../../../../shared/api';
import { fetchDemoLogins } from '../../../providers/publicApi';

// Plain markup like the rest of the login page (antd's Table would add to its download).

/** The demo world's logins under the sign-in form; nothing unless the server runs with --demo. */
export function DemoLogins() {
  const { t } = useTranslation('auth');
  const [logins, setLogins] = useState<DemoLogin[]>([]);
  const id = useId();

  useEffect(() => {
    let current = true;
    fetchDemoLogins().then(
      (data) => {
        if (current) setLogins(data.logins);
      },
      () => undefined, // no list: the page is the ordinary login page
    );
    return () => {
      current = false;
    };
  }, []);

  if (logins.length === 0) return null;
  // The payment passwords that confirm the people's money steps: one line, not a column (the same for all).
  const paymentPasswords = [...new Set(logins.flatMap((login) => (login.paymentPassword ? [login.paymentPassword] : [])))];
  return (
    <section className="demo-logins" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="demo-logins__title">
        {t('demo.title')}
      </h2>
      <p className="demo-logins__hint">{t('demo.hint')}</p>
      <table className="demo-logins__table">
        <thead>
          <tr>
            <th scope="col">{t('demo.role')}</th>
            <th scope="col">{t('demo.phone')}</th>
            <th scope="col">{t('demo.password')}</th>
          </tr>
        </thead>
        <tbody>
          {logins.map((login) => (
            <tr key={login.phone} title={login.name}>
              <th scope="row">{t(`demo.roles.${login.role}`, { defaultValue: login.role })}</th>
              <td>
                <code>{login.phone}</code>
              </td>
              <td>{login.password ? <code>{login.password}</code> : t('demo.configured')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {paymentPasswords.length > 0 && (
        <p className="demo-logins__hint" data-testid="demo-payment-password">
          {t('demo.paymentPassword')}
          {paymentPasswords.map((password, i) => (
            <span key={password}>
              {i > 0 && '、'}
              <code>{password}</code>
            </span>
          ))}
          {t('demo.paymentPasswordHint')}
        </p>
      )}
    </section>
  );
}
