import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chinaDay, formatChinaTime } from '../../../shared/chinaTime';
import { CLOCK_REFRESH_MS } from '../../../shared/constants';

/** The current date and time in China, the product's one zone and format, refreshed every second (SPEC §1, §9). */
export function Clock() {
  const { t, i18n } = useTranslation('shell');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  // The weekday of the China day, named by dayjs in the language (parsing the bare day is exact in any browser zone).
  const weekday = dayjs(chinaDay(new Date(now))).locale(i18n.resolvedLanguage === 'en-US' ? 'en' : 'zh-cn').format(t('header.weekdayFormat'));
  return (
    <time className="shell-header__clock" dateTime={new Date(now).toISOString()} aria-label={t('header.clock')}>
      {`${formatChinaTime(now)} ${weekday}`}
    </time>
  );
}
