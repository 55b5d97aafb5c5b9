import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOCK_REFRESH_MS } from '../../../shared/constants';

/** The current date and time, refreshed every second (SPEC §1, §9). */
export function Clock() {
  const { t, i18n } = useTranslation('shell');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  // dayjs follows the language (i18n/dayjsLocale.ts); the language is a dependency so the weekday re-renders.
  const text = dayjs(now).locale(i18n.resolvedLanguage === 'en-US' ? 'en' : 'zh-cn').format(t('header.clockFormat'));
  return (
    <time className="shell-header__clock" dateTime={new Date(now).toISOString()} aria-label={t('header.clock')}>
      {text}
    </time>
  );
}
