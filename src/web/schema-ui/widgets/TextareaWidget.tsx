import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';

/** Multi-line text; ui:options rows (default 3) and the schema's maxLength as a counter. */
export function TextareaWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, options, schema }: WidgetProps) {
  const rows = typeof options.rows === 'number' ? options.rows : 3;
  return (
    <Input.TextArea
      id={id}
      rows={rows}
      disabled={disabled || readonly}
      placeholder={placeholder}
      showCount={typeof schema.maxLength === 'number'}
      maxLength={schema.maxLength}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
