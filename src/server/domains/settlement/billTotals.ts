// A bill's figures and the bills lists' totals, both from the `bills` table: its paid, cleared and
// open amounts are the table's alone (resources/tableFields.ts): every read of a bill (list, show,
// export, filters, sorts) answers them from there, and the record's data never holds them. The
// table is written by payments, reversals (pay.ts, store.ts) and clearing runs (clearing.ts), with
// the ledger, and the ledger invariant billOpenAmounts ties it to the ledger's payments.
// The totals (resources/tableTotals.ts): a payer's or payee's amount, paid and open figures, and
// the overdue open amount, summed over bigint fen through the covering indexes (payer or payee,
// state) INCLUDE (amounts, due day) of migrations 0018-0019, for the scopes payer and payee
// filtered by state, due day, amount or open amount. The amount is written once, when the bill is
// made (the record's own field, copied by its listener), state and due day are copied by the
// triggers of migration 0019.
import type { TableFields } from '../../resources/tableFields';
import type { TotalsTable } from '../../resources/tableTotals';

/** What was paid, what mutual netting cleared and what is still open, in fen. */
const FIGURES = { paidAmount: 'paid_fen', clearedAmount: 'cleared_fen', openAmount: 'amount_fen - paid_fen - cleared_fen' };

/** The figures, and the amount the bill was issued or received with (parts passed on since are no longer in its amount). */
export const BILL_FIGURES: TableFields = { table: 'bills', key: 'record_id', money: { ...FIGURES, issuedAmount: 'issued_fen' } };

export const BILL_TOTALS: TotalsTable = {
  table: 'bills',
  parties: { payer: 'payer_account_id', payee: 'payee_account_id' },
  money: { amount: 'amount_fen', ...FIGURES },
  columns: { state: 'state', dueDay: 'due_day' },
};
