import type { WidgetProps } from '@rjsf/utils';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isPastChinaDay } from '../../../shared/chinaTime';

export const DAY_FORMAT = 'YYYY-MM-DD';

export const toDay = (value: unknown) => (typeof value === 'string' && dayjs(value, DAY_FORMAT, true).isValid() ? dayjs(value, DAY_FORMAT) : null);

/** Days before today in China: not offered where the field may not be in the past (ui:options notPast). */
const pastDay = (day: Dayjs) => isPastChinaDay(day.format(DAY_FORMAT), new Date());

/** A calendar date, stored as 'YYYY-MM-DD' (the JSON Schema 'date' format). */
export function DateWidget({ id, value, onChange, onBlur, disabled, readonly, placeholder, options }: WidgetProps) {
  const { t } = useTranslation('resources');
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      disabled={disabled || readonly}
      placeholder={placeholder || t('widget.datePlaceholder')}
      value={toDay(value)}
      disabledDate={options.notPast ? pastDay : undefined}
      onChange={(day) => onChange(day ? day.format(DAY_FORMAT) : undefined)}
      onBlur={(event) => {
        // A past day typed where none may be chosen: the picker will not take it, so the form
        // does, and says why (SchemaForm's notPast check) instead of the text silently reverting.
        const typed = (event.target as HTMLInputElement).value;
        if (options.notPast && typed !== value && toDay(typed) && pastDay(toDay(typed)!)) onChange(typed);
        onBlur(id, value);
      }}
    />
  );
}
