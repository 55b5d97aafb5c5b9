// The settlement domain's ledger invariant (ledger/invariants.ts compiles it with the core's): a
// bill's money row (store.ts), which alone holds its paid, cleared and open amounts (billTotals.ts),
// agrees with the ledger's payments of it (pay.ts) and the parts clearing runs wrote down
// (clearing.ts).
import { sql } from 'drizzle-orm';
import type { LedgerInvariants } from '../../ledger/invariants';
import { PAYMENT_KINDS, REVERSAL_KIND } from './pay';

const kinds = sql.join([...PAYMENT_KINDS, REVERSAL_KIND].map((kind) => sql`${kind}`), sql`, `);

export const SETTLEMENT_INVARIANTS: LedgerInvariants = {
  billOpenAmounts: {
    description: "a bill's open amount is its amount less its payments less its cleared parts, never negative",
    query: sql`with paid as (
        select ref_id, sum(case when kind = ${REVERSAL_KIND} then -amount else amount end) as fen from ledger_transfers
        where ref_resource = 'bills' and kind in (${kinds}) and status = 'posted' group by ref_id
      )
      select b.record_id::text as bill, b.amount_fen::text as amount, b.paid_fen::text as paid, b.cleared_fen::text as cleared, coalesce(p.fen, 0)::text as payments
      from bills b left join paid p on p.ref_id = b.record_id
      where b.paid_fen <> coalesce(p.fen, 0) or b.paid_fen < 0 or b.cleared_fen < 0 or b.amount_fen - b.paid_fen - b.cleared_fen < 0`,
  },
};
