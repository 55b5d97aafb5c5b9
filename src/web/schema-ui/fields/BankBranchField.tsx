import type { FieldProps } from '@rjsf/utils';
import { AutoComplete, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { RegionCascader } from '../widgets/RegionCascader';

interface BankBranch {
  bank?: string;
  region?: string[];
  branch?: string;
}

const errorsOf = (errorSchema: FieldProps['errorSchema'], key: keyof BankBranch): string[] =>
  ((errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[key]?.__errors ?? []);

/**
 * The bank branch of an account: bank (a common bank or any name typed), the branch's province /
 * city / district and the branch name; the value is {bank, region, branch}. A field rather
 * than a widget because each part has its own label and error.
 */
export function BankBranchField({ fieldPathId, formData, onChange, errorSchema, disabled, readonly, required, uiSchema, schema, name }: FieldProps) {
  const { t } = useTranslation('resources');
  const value: BankBranch = formData && typeof formData === 'object' ? (formData as BankBranch) : {};
  // Common banks in the user's language, keyed by a short code in the locale file.
  const banks = t('widget.bankBranch.banks', { returnObjects: true }) as unknown;
  const bankOptions = Object.values(banks && typeof banks === 'object' ? banks : {}).map((bank) => ({ value: String(bank) }));
  const id = fieldPathId.$id;
  const locked = disabled || readonly;
  const title = (uiSchema?.['ui:title'] as string | undefined) ?? schema.title ?? name;
  const partRequired = (key: keyof BankBranch) => required || (schema.required ?? []).includes(key);

  const set = (patch: BankBranch) => {
    const next = { ...value, ...patch };
    const empty = !next.bank && !next.branch && !(next.region && next.region.length);
    onChange(empty ? undefined : next, fieldPathId.path);
  };
  const status = (key: keyof BankBranch) => (errorsOf(errorSchema, key).length > 0 ? ('error' as const) : undefined);
  const help = (key: keyof BankBranch) => errorsOf(errorSchema, key).join(' ') || undefined;

  return (
    <fieldset id={id} className="schema-form__group" aria-label={title}>
      <legend className="schema-form__legend">{title}</legend>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={t('widget.bankBranch.bank')} htmlFor={`${id}_bank`} required={partRequired('bank')} validateStatus={status('bank')} help={help('bank')}>
            <AutoComplete
              id={`${id}_bank`}
              options={bankOptions}
              disabled={locked}
              value={value.bank ?? ''}
              placeholder={t('widget.bankBranch.bankPlaceholder')}
              filterOption={(input, option) => String(option?.value ?? '').includes(input.trim())}
              onChange={(bank: string) => set({ bank: bank.trim() ? bank : undefined })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('widget.bankBranch.region')} htmlFor={`${id}_region`} required={partRequired('region')} validateStatus={status('region')} help={help('region')}>
            <RegionCascader id={`${id}_region`} disabled={locked} value={value.region} onChange={(region) => set({ region })} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('widget.bankBranch.branch')} htmlFor={`${id}_branch`} required={partRequired('branch')} validateStatus={status('branch')} help={help('branch')}>
            <Input
              id={`${id}_branch`}
              disabled={locked}
              value={value.branch ?? ''}
              placeholder={t('widget.bankBranch.branchPlaceholder')}
              onChange={(e) => set({ branch: e.target.value || undefined })}
            />
          </Form.Item>
        </Col>
      </Row>
    </fieldset>
  );
}
