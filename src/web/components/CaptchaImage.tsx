import { useTranslation } from 'react-i18next';
import type { CaptchaResponse } from '../../shared/api';

interface Props {
  captcha: CaptchaResponse | null;
  failed: boolean;
  onRefresh: () => void;
}

/** The captcha picture; a click asks for a new one. */
export function CaptchaImage({ captcha, failed, onRefresh }: Props) {
  const { t } = useTranslation('auth');
  const style = {
    width: 120,
    height: 40,
    flex: 'none',
    cursor: 'pointer',
    border: '1px solid #d9d9d9',
    borderRadius: 6,
    background: '#fff',
    padding: 0,
    overflow: 'hidden',
  } as const;
  return (
    <button type="button" onClick={onRefresh} title={t('captcha.refresh')} aria-label={t('captcha.refresh')} style={style}>
      {captcha ? (
        <img src={captcha.img} alt={t('captcha.alt')} style={{ width: '100%', height: '100%', display: 'block' }} />
      ) : (
        <span style={{ fontSize: 12, color: '#999' }}>{failed ? t('captcha.failed') : t('captcha.loading')}</span>
      )}
    </button>
  );
}
