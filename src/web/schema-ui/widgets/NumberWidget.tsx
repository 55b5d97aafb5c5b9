import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { useState } from 'react';
import { plainNumberText } from '../../../shared/money';

// A plain decimal as JSON Schema reads it: optional minus, digits, optional decimals.
const DECIMAL_RE = /^-?\d+(?:\.\d+)?$/;

/** The form value of what was typed: a number when it is one, else the text itself (the schema's type check refuses it). */
function valueOf(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return DECIMAL_RE.test(trimmed) ? Number(trimmed) : text;
}

const textOf = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/**
 * A number or integer field, shown exactly as typed. antd's InputNumber (rjsf's default) clamps
 * to the schema's minimum and maximum and drops what it cannot parse when the field is left,
 * silently turning -5 into 0.01 or 150 into 100; here the value stays and the schema's own
 * minimum, maximum and type rules (the server's) report it as a field error.
 */
export function NumberWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, required, schema }: WidgetProps) {
  // The text typed, with the value it stands for: a value set from outside (a draft, a reset) replaces it.
  const [typed, setTyped] = useState(() => ({ text: textOf(value), value: value as unknown }));
  let text = typed.text;
  if (!Object.is(typed.value, value)) {
    text = textOf(value);
    setTyped({ text, value });
  }
  return (
    <Input
      id={id}
      inputMode={schema.type === 'integer' ? 'numeric' : 'decimal'}
      autoComplete="off"
      required={required}
      disabled={disabled || readonly}
      placeholder={placeholder}
      value={text}
      onChange={(e) => {
        const next = plainNumberText(e.target.value);
        const nextValue = valueOf(next);
        setTyped({ text: next, value: nextValue });
        onChange(nextValue);
      }}
      onFocus={() => onFocus(id, value)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
