import { useDataProvider } from '@refinedev/core';
import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceRecord } from '../../../shared/resources/types';
import { referenceFilters, referenceTitle } from '../../refine/reference';

type Option = { value: string; label: string };

/** A record of another resource (x-kind reference, x-ref): searched by title, stored as its id. */
export function ReferenceWidget({ id, value, onChange, onBlur, disabled, readonly, required, schema }: WidgetProps) {
  const { t } = useTranslation('resources');
  const resource = String((schema as { 'x-ref'?: string })['x-ref'] ?? '');
  const states = (schema as { 'x-refStates'?: string[] })['x-refStates'];
  const [options, setOptions] = useState<Option[]>([]);
  const asked = useRef('');
  const provider = useDataProvider()();
  const toOptions = (records: { id: string }[]) => records.map((r) => ({ value: r.id, label: referenceTitle(resource, r as never) }));

  const search = (keyword: string) => {
    asked.current = keyword;
    provider
      .getList<ResourceRecord>({ resource, pagination: { currentPage: 1, pageSize: 20 }, filters: referenceFilters(resource, keyword, states), meta: { silent: true } })
      .then((page) => {
        if (asked.current === keyword) setOptions(toOptions(page.data));
      })
      .catch(() => setOptions([]));
  };
  // The current value's title, and a first page to pick from.
  useEffect(() => {
    search('');
    if (typeof value === 'string' && value) {
      provider
        .getOne<ResourceRecord>({ resource, id: value, meta: { silent: true } })
        .then(({ data: record }) => setOptions((now) => (now.some((o) => o.value === record.id) ? now : [...now, ...toOptions([record])])))
        .catch(() => undefined);
    }
    // Only when the referenced resource or the initial value changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource]);

  return (
    <Select
      id={id}
      showSearch
      style={{ width: '100%' }}
      filterOption={false}
      allowClear={!required}
      disabled={disabled || readonly}
      placeholder={t('widget.selectPlaceholder')}
      options={options}
      value={typeof value === 'string' && value ? value : undefined}
      onSearch={search}
      onChange={(next: string | undefined) => onChange(next ?? undefined)}
      onBlur={() => onBlur(id, value)}
    />
  );
}
