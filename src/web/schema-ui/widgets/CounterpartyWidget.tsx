import type { WidgetProps } from '@rjsf/utils';
import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../shared/api';
import type { CounterpartyView } from '../../../shared/counterparties';
import { useSystemCall } from '../../refine/systemData';

const SEARCH_DELAY_MS = 300;

const labelOf = (c: CounterpartyView) => (c.creditCode ? `${c.name} · ${c.creditCode}` : c.name);

/**
 * An approved account to trade with (x-kind counterparty): found by name (two characters or
 * more), unified social credit code or the owner's mobile number through
 * GET /system/personal/searchCom; the value is the account id.
 */
export function CounterpartyWidget({ id, value, onChange, onBlur, disabled, readonly, placeholder }: WidgetProps) {
  const { t } = useTranslation('trading');
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [searching, setSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef('');
  const call = useSystemCall();
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    latest.current = keyword.trim();
    if ([...latest.current].length < 2) return;
    timer.current = setTimeout(async () => {
      const asked = latest.current;
      setSearching(true);
      try {
        const found = await call<Page<CounterpartyView>>('get', '/system/personal/searchCom', { query: { keyword: asked, pageSize: 20 }, silent: true });
        if (asked === latest.current) setOptions(found.records.map((c) => ({ value: c.id, label: labelOf(c) })));
      } catch {
        if (asked === latest.current) setOptions([]);
      } finally {
        setSearching(false);
      }
    }, SEARCH_DELAY_MS);
  };

  return (
    <Select
      id={id}
      showSearch
      style={{ width: '100%' }}
      filterOption={false}
      disabled={disabled || readonly}
      placeholder={placeholder || t('counterparty.placeholder')}
      notFoundContent={searching ? <Spin size="small" /> : t('counterparty.none')}
      options={options}
      value={typeof value === 'string' ? value : undefined}
      onSearch={search}
      onChange={(next: string | undefined) => onChange(next ?? undefined)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
