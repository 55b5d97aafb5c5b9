// Table fields (src/server/resources/tableFields.ts): a domain's table answers some fields of a
// resource's records. The registry refuses a field the record does not declare as a read-only
// money field, or the list's default order; the door's helper drops them from stored data.
import { describe, expect, it } from 'vitest';
import { contributionsOf } from '../../src/server/domain';
import { domains } from '../../src/server/domains';
import { repoRoot } from '../../src/server/paths';
import { loadResources } from '../../src/server/resources/registry';
import { withoutTableFields, type TableFields } from '../../src/server/resources/tableFields';

const names = contributionsOf(domains);
const withBillFields = (money: Record<string, string>) => ({ ...names, tableFields: new Map([['bills', { table: 'bills', key: 'record_id', money } satisfies TableFields]]) });

describe('table fields', () => {
  it("compiles the settlement domain's bill figures into the bills resource", () => {
    const bills = loadResources(repoRoot, names).get('bills')!;
    expect(Object.keys(bills.tableFields?.money ?? {}).sort()).toEqual(['clearedAmount', 'issuedAmount', 'openAmount', 'paidAmount']);
    expect(loadResources(repoRoot, names).get('contracts')!.tableFields).toBeUndefined();
  });

  it('refuses a field that is not a read-only money field of the record, and the default order', () => {
    expect(() => loadResources(repoRoot, withBillFields({ remark: 'paid_fen' }))).toThrow("the table bills answers 'remark', which is no read-only money field of the record");
    // amount is money but the payee sends it: the record's own.
    expect(() => loadResources(repoRoot, withBillFields({ amount: 'amount_fen' }))).toThrow("answers 'amount'");
    expect(() => loadResources(repoRoot, withBillFields({ nothing: 'paid_fen' }))).toThrow("answers 'nothing'");
  });

  it('drops the fields a table holds from what is stored, and leaves other data as it is', () => {
    const t: TableFields = { table: 'bills', key: 'record_id', money: { paidAmount: 'paid_fen', openAmount: 'amount_fen - paid_fen' } };
    expect(withoutTableFields(t, { amount: '1.00', paidAmount: '0.50', openAmount: '0.50', remark: 'x' })).toEqual({ amount: '1.00', remark: 'x' });
    const data = { amount: '1.00' };
    expect(withoutTableFields(t, data)).toBe(data);
    expect(withoutTableFields(undefined, { paidAmount: '1.00' })).toEqual({ paidAmount: '1.00' });
  });
});
