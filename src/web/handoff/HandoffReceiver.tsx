import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decryptHandoffToken, HANDOFF_LANDING, HANDOFF_PAGE_PARAM, HANDOFF_TOKEN_PARAM } from '../../shared/handoff';
import { PageLoading } from '../components/PageLoading';
import { forgetProfile } from '../providers/profile';
import { clearSession, setToken } from '../providers/session';
import { safeRedirect } from '../navigation/redirects';
import { VARIANT_ID } from '../variant';
import { goToMainLogin } from './origins';

/**
 * A variant build's arrival from the main platform: /home?t=<token encrypted for this variant>
 * [&redirect=<page>]. It stores the token and reloads at the carried page (or /home), which
 * also drops `t` from the address bar and the history entry.
 */
export default function HandoffReceiver() {
  const { t } = useTranslation('shell');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const sealed = params.get(HANDOFF_TOKEN_PARAM) ?? '';
    const page = params.get(HANDOFF_PAGE_PARAM);
    let active = true;
    decryptHandoffToken(sealed, VARIANT_ID).then(
      (token) => {
        clearSession();
        forgetProfile();
        setToken(token);
        window.location.replace(page ? safeRedirect(`?redirect=${encodeURIComponent(page)}`) : HANDOFF_LANDING);
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, []);

  if (!failed) return <PageLoading />;
  return (
    <Result
      status="warning"
      title={t('handoff.invalid')}
      extra={
        <Button type="primary" onClick={() => void goToMainLogin(new URL(HANDOFF_LANDING, window.location.origin).toString())}>
          {t('handoff.signInAgain')}
        </Button>
      }
    />
  );
}
