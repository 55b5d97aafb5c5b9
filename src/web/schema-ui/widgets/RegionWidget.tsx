import type { WidgetProps } from '@rjsf/utils';
import { RegionCascader } from './RegionCascader';

/** Province / city / district, stored as the code path ['33', '3301', '330106']. */
export function RegionWidget({ id, value, onChange, onBlur, disabled, readonly, placeholder }: WidgetProps) {
  return (
    <RegionCascader
      id={id}
      value={Array.isArray(value) ? value.map(String) : undefined}
      disabled={disabled || readonly}
      placeholder={placeholder}
      onChange={(path) => onChange(path)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
