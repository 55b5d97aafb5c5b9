// The bills lists' totals from the `bills` table (resources/tableTotals.ts): a payer's or payee's
// amount, paid and open figures, and the overdue open amount, summed over bigint fen through the
// covering indexes (payer or payee, state) INCLUDE (amounts, due day) of migrations 0018-0019, for the
// scopes payer and payee filtered by state, due day, amount or open amount. The columns are the
// records' figures: amount, paid and cleared are written with the record's data in the same
// transaction (store.ts, clearing.ts; the ledger invariant billOpenAmounts checks it), state and
// due day are copied by the triggers of migration 0019.
import type { TotalsTable } from '../../resources/tableTotals';

export const BILL_TOTALS: TotalsTable = {
  table: 'bills',
  parties: { payer: 'payer_account_id', payee: 'payee_account_id' },
  money: { amount: 'amount_fen', paidAmount: 'paid_fen', clearedAmount: 'cleared_fen', openAmount: 'amount_fen - paid_fen - cleared_fen' },
  columns: { state: 'state', dueDay: 'due_day' },
};
