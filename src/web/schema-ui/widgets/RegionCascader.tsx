import { Cascader } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRegions } from '../data';

interface Props {
  id?: string;
  value?: string[];
  onChange(path: string[] | undefined): void;
  onBlur?(): void;
  disabled?: boolean;
  placeholder?: string;
}

const matches = (input: string, path: { label?: unknown }[]) => path.some((option) => String(option.label ?? '').includes(input.trim()));

/** antd Cascader over the division tree, loaded on first use (regions.ts is ~140 kB). */
export function RegionCascader({ id, value, onChange, onBlur, disabled, placeholder }: Props) {
  const { t } = useTranslation('resources');
  const regions = useRegions();
  return (
    <Cascader
      id={id}
      style={{ width: '100%' }}
      options={regions?.regionTree() ?? []}
      disabled={disabled || !regions}
      placeholder={regions ? placeholder || t('widget.regionPlaceholder') : t('widget.loading')}
      showSearch={{ filter: matches }}
      value={value}
      onChange={(path) => onChange(path && path.length > 0 ? path.map(String) : undefined)}
      onBlur={onBlur}
    />
  );
}
