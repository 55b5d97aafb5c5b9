import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { useState } from 'react';
import { fenToYuan, formatMoney, plainNumberText, yuanToFen } from '../../../shared/money';

/** A valid amount as typed ('12.' or '12.5') in the wire form '12.50'; anything else unchanged. */
function canonical(value: string): string {
  try {
    return fenToYuan(yuanToFen(value.replace(/\.$/, '')));
  } catch {
    return value;
  }
}

/** A valid amount with thousands separators; anything else exactly as typed (never rounded or unsigned). */
function display(value: string): string {
  try {
    return formatMoney(yuanToFen(value));
  } catch {
    return value;
  }
}

/**
 * Amount in yuan, kept as the wire string. What the user types stays what they typed (only
 * plainNumberText's formatting goes): a sign, a third decimal or a letter is not dropped but left
 * for the form's money format to refuse with a field error, the server's rule. A valid amount
 * reads with thousands separators while the field is not focused.
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
      onChange={(e) => onChange(plainNumberText(e.target.value) || undefined)}
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
