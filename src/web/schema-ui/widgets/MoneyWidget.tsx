import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { useState } from 'react';
import { fenToYuan, filterAmountInput, formatMoney, yuanToFen } from '../../../shared/money';

/** '12.' or '12.5' as typed becomes the wire form '12.50' when the field is left. */
function canonical(value: string): string {
  try {
    return fenToYuan(yuanToFen(value.replace(/\.$/, '')));
  } catch {
    return value;
  }
}

function display(value: string): string {
  try {
    return formatMoney(value);
  } catch {
    return value;
  }
}

/**
 * Amount in yuan: digits and one dot, at most two decimals (filterAmountInput), kept as the
 * wire string. While the field is not focused it reads with thousands separators.
 */
export function MoneyWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, required }: WidgetProps) {
  const [focused, setFocused] = useState(false);
  const raw = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  return (
    <Input
      id={id}
      inputMode="decimal"
      autoComplete="off"
      required={required}
      disabled={disabled || readonly}
      placeholder={placeholder || '0.00'}
      prefix="¥"
      value={focused || !raw ? raw : display(raw)}
      onChange={(e) => onChange(filterAmountInput(e.target.value) || undefined)}
      onFocus={() => {
        setFocused(true);
        onFocus(id, raw);
      }}
      onBlur={() => {
        setFocused(false);
        const done = raw ? canonical(raw) : undefined;
        if (done !== (raw || undefined)) onChange(done);
        onBlur(id, done);
      }}
    />
  );
}
