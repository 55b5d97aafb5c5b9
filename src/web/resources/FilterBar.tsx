import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Col, Form, Grid, Input, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { filterAmountInput } from '../../shared/money';
import type { FilterDeclaration, ResourceDefinition } from '../../shared/resources/types';
import { enumValues } from './fieldKind';
import type { ResourceText } from './labels';

// The filter bar of a list page: one control per declared filter. Its values are turned into
// the API's parameter strings here and nowhere else ('text', 'a,b', 'from,to').

type DateRange = [Dayjs | null, Dayjs | null] | null;
interface AmountRange {
  from?: string;
  to?: string;
}
type FilterValue = string | string[] | DateRange | AmountRange | undefined;
type Values = Record<string, FilterValue>;

const DAY = 'YYYY-MM-DD';
// The URL's days are read strictly (2026-02-30 is no day) before the picker, which brings the same plugin, has loaded.
dayjs.extend(customParseFormat);

function toParam(kind: FilterDeclaration['kind'], value: FilterValue): string {
  if (kind === 'text') return typeof value === 'string' ? value.trim() : '';
  if (kind === 'enum') return Array.isArray(value) ? (value as string[]).join(',') : '';
  if (kind === 'dateRange') {
    const [from, to] = (value as DateRange) ?? [null, null];
    return from || to ? `${from ? from.format(DAY) : ''},${to ? to.format(DAY) : ''}` : '';
  }
  const { from = '', to = '' } = (value as AmountRange | undefined) ?? {};
  // '12.' while typing is 12.
  const clean = (v: string) => v.replace(/\.$/, '');
  return from || to ? `${clean(from)},${clean(to)}` : '';
}

function fromParam(kind: FilterDeclaration['kind'], param: string | undefined): FilterValue {
  if (!param) return kind === 'enum' ? [] : undefined;
  if (kind === 'text') return param;
  if (kind === 'enum') return param.split(',');
  const [from = '', to = ''] = param.split(',');
  if (kind === 'dateRange') {
    const day = (v: string) => (v && dayjs(v, DAY, true).isValid() ? dayjs(v, DAY) : null);
    return [day(from), day(to)];
  }
  return { from, to };
}

const RangePicker = lazy(() => import('./DateRangePicker'));

/** A date range filter: the picker comes with the first one drawn, in the meantime a box of its size (nothing moves when it arrives). */
function DateRangeInput(props: ComponentProps<typeof RangePicker>) {
  const { t } = useTranslation('resources');
  const placeholder = `${t('filter.dateFrom')} → ${t('filter.dateTo')}`;
  return (
    <Suspense fallback={<Input disabled placeholder={placeholder} aria-label={placeholder} style={{ width: '100%' }} />}>
      <RangePicker {...props} />
    </Suspense>
  );
}

function AmountRangeInput({ value, onChange, label }: { value?: AmountRange; onChange?: (v: AmountRange) => void; label: string }) {
  const { t } = useTranslation('resources');
  const set = (end: 'from' | 'to', raw: string) => onChange?.({ ...value, [end]: filterAmountInput(raw) });
  return (
    <Space.Compact block>
      <Input
        aria-label={`${label} ${t('filter.from')}`}
        placeholder={t('filter.amountFrom')}
        inputMode="decimal"
        value={value?.from ?? ''}
        onChange={(e) => set('from', e.target.value)}
      />
      <Input
        aria-label={`${label} ${t('filter.to')}`}
        placeholder={t('filter.amountTo')}
        inputMode="decimal"
        value={value?.to ?? ''}
        onChange={(e) => set('to', e.target.value)}
      />
    </Space.Compact>
  );
}

interface Props {
  definition: ResourceDefinition;
  text: ResourceText;
  filters: Record<string, string>;
  onSearch(filters: Record<string, string>): void;
}

export function FilterBar({ definition, text, filters, onSearch }: Props) {
  const { t } = useTranslation('resources');
  const [form] = Form.useForm<Values>();
  const declared = definition.list.filters;
  // On a phone the filters take a whole screen: folded behind one button (with how many apply) until asked for.
  const phone = Grid.useBreakpoint().xs === true;
  const [unfolded, setUnfolded] = useState(false);
  const active = declared.filter(({ field }) => filters[field]).length;

  // The URL is the truth: "back", a link or the empty state's "clear filters" change it. Keyed by
  // what the filters say, not by object identity: a re-render with the same URL (the list's answer
  // arriving, the definitions reloading) must not wipe what the user is typing.
  const filtersKey = JSON.stringify(declared.map(({ field, kind }) => [field, kind, filters[field] ?? null]));
  const initial = useMemo(
    () => Object.fromEntries(declared.map(({ field, kind }) => [field, fromParam(kind, filters[field])])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filtersKey says all that `declared` and `filters` decide here
    [filtersKey],
  );
  useEffect(() => {
    if (declared.length > 0) form.setFieldsValue(initial);
  }, [form, initial, declared.length]);

  if (declared.length === 0) return null;

  const submit = (values: Values) => {
    const next: Record<string, string> = {};
    for (const { field, kind } of declared) {
      const param = toParam(kind, values[field]);
      if (param) next[field] = param;
    }
    onSearch(next);
  };

  const control = ({ field, kind }: FilterDeclaration) => {
    const label = text.field(field);
    switch (kind) {
      case 'text':
        return <Input allowClear placeholder={t('filter.textPlaceholder', { field: label })} />;
      case 'enum':
        return (
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder={t('filter.all')}
            options={enumValues(definition, field).map((value) => ({ value, label: text.option(field, value) }))}
          />
        );
      case 'dateRange':
        return <DateRangeInput allowEmpty={[true, true]} style={{ width: '100%' }} placeholder={[t('filter.dateFrom'), t('filter.dateTo')]} />;
      case 'amountRange':
        return <AmountRangeInput label={label} />;
      default:
        return null;
    }
  };

  const toggle = phone && (
    <Button icon={<FilterOutlined />} aria-expanded={unfolded} onClick={() => setUnfolded((open) => !open)} data-testid="filters-toggle">
      {unfolded ? t('filter.fold') : t('filter.unfold')}
      {active > 0 && <Badge count={active} size="small" style={{ marginInlineStart: 4 }} />}
    </Button>
  );
  const folded = phone && !unfolded;

  return (
    <>
      {toggle}
      {/* Folded, the form stays mounted (its values follow the URL), out of sight. */}
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        className="resource-filters"
        aria-label={t('filter.label')}
        hidden={folded}
        style={phone ? { marginTop: 12 } : undefined}
      >
      <Row gutter={16}>
        {declared.map((filter) => (
          <Col key={filter.field} xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name={filter.field} label={text.field(filter.field)}>
              {control(filter)}
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={8} xl={6} className="resource-filters__buttons">
          <Form.Item label=" " colon={false}>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('filter.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  onSearch({});
                }}
              >
                {t('filter.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
    </>
  );
}
