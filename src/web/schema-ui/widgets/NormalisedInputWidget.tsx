import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { normaliseBankCardNumber, normaliseResidentIdNumber, normaliseUnifiedSocialCreditCode } from '../../../shared/validators';

// Identity and account numbers as the user types or pastes them: spaces go, letters become
// upper case, so what is stored is the canonical form the shared validators check.
const RULES: Record<string, { normalise: (raw: string) => string; maxLength: number; inputMode?: 'numeric' | 'tel' }> = {
  mobile: { normalise: (raw) => raw.replace(/\D+/g, ''), maxLength: 11, inputMode: 'tel' },
  uscc: { normalise: normaliseUnifiedSocialCreditCode, maxLength: 18 },
  residentId: { normalise: normaliseResidentIdNumber, maxLength: 18 },
  bankCard: { normalise: normaliseBankCardNumber, maxLength: 19, inputMode: 'numeric' },
  bankAccount: { normalise: normaliseBankCardNumber, maxLength: 30, inputMode: 'numeric' },
};

export function NormalisedInputWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, options }: WidgetProps) {
  const rule = RULES[String(options.normalise)] ?? { normalise: (raw: string) => raw.trim(), maxLength: undefined };
  return (
    <Input
      id={id}
      autoComplete="off"
      inputMode={rule.inputMode}
      disabled={disabled || readonly}
      placeholder={placeholder}
      value={typeof value === 'string' ? value : ''}
      // Cut after normalising: a pasted '6222 0212 ...' is longer than the number it holds.
      onChange={(e) => onChange(rule.normalise(e.target.value).slice(0, rule.maxLength) || undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
