import type { WidgetProps } from '@rjsf/utils';
import { Checkbox, DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT, toDay } from './DateWidget';

export const LONG_TERM = 'longTerm';

/** An expiry date, or long-term for documents that never expire: 'YYYY-MM-DD' | 'longTerm'. */
export function DateOrLongTermWidget({ id, value, onChange, onBlur, disabled, readonly, placeholder }: WidgetProps) {
  const { t } = useTranslation('resources');
  const longTerm = value === LONG_TERM;
  return (
    <div className="schema-form__date-or-long-term">
      <DatePicker
        id={id}
        disabled={disabled || readonly || longTerm}
        placeholder={placeholder || t('widget.datePlaceholder')}
        value={longTerm ? null : toDay(value)}
        onChange={(day) => onChange(day ? day.format(DAY_FORMAT) : undefined)}
        onBlur={() => onBlur(id, value)}
      />
      <Checkbox
        className="schema-form__long-term"
        disabled={disabled || readonly}
        checked={longTerm}
        onChange={(e) => onChange(e.target.checked ? LONG_TERM : undefined)}
      >
        {t('widget.longTerm')}
      </Checkbox>
    </div>
  );
}
