import type { WidgetProps } from '@rjsf/utils';
import { Cascader } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../i18n/language';
import { useIndustry } from '../data';

/** GB/T 4754 section -> division; the division code ('13') is what is stored. */
export function IndustryWidget({ id, value, onChange, onBlur, disabled, readonly, placeholder }: WidgetProps) {
  const { t, i18n } = useTranslation('resources');
  const industry = useIndustry();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'zh-CN';
  const options = useMemo(() => industry?.industryTree(language) ?? [], [industry, language]);
  return (
    <Cascader
      id={id}
      style={{ width: '100%' }}
      options={options}
      disabled={disabled || readonly || !industry}
      placeholder={industry ? placeholder || t('widget.industryPlaceholder') : t('widget.loading')}
      showSearch={{ filter: (input, path) => path.some((o) => String(o.label ?? '').toLowerCase().includes(input.trim().toLowerCase())) }}
      value={typeof value === 'string' && industry ? industry.industryPath(value) : undefined}
      onChange={(path) => onChange(path && path.length === 2 ? String(path[1]) : undefined)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
