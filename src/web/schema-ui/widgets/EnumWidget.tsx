import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** One of the schema's enum values, shown with the resource's labels (ui:enumNames). */
export function EnumWidget({ id, value, onChange, onBlur, disabled, readonly, required, placeholder, options }: WidgetProps) {
  const { t } = useTranslation('resources');
  const items = (options.enumOptions ?? []).map(({ label, value: optionValue }) => ({ label, value: optionValue as string | number }));
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      disabled={disabled || readonly}
      allowClear={!required}
      placeholder={placeholder || t('widget.selectPlaceholder')}
      options={items}
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? undefined)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
