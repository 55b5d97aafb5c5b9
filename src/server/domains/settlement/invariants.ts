// The settlement domain's ledger invariant (ledger/invariants.ts compiles it with the core's): a
// bill's money row (store.ts), which alone holds its paid, cleared and open amounts (billTotals.ts),
// agrees with the ledger's payments of it (pay.ts) and the parts clearing runs wrote down
// (clearing.ts); and bills passed on in parts (passOn.ts, transfers.ts) neither lose nor make money:
// each bill's amount is what it was issued or received with less the parts passed on from it, and
// over a family (a root and every part passed on from it, at any depth) the open amounts sum to
// the root's issued amount less what was paid and cleared anywhere in the family.
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
  billFamilies: {
    description: "a bill's amount is its issued amount less the parts passed on from it, and over a bill family the open amounts sum to the root's issued amount less what was paid and cleared anywhere in it",
    query: sql`with passed as (
        select parent_bill_id as bill, sum(issued_fen) as fen from bills where parent_bill_id is not null group by parent_bill_id
      ), family as (
        select coalesce(root_bill_id, record_id) as root, sum(amount_fen - paid_fen - cleared_fen) as open, sum(paid_fen + cleared_fen) as settled
        from bills group by coalesce(root_bill_id, record_id)
      )
      select 'part' as rule, b.record_id::text as bill, (b.issued_fen - coalesce(p.fen, 0))::text as expected, b.amount_fen::text as actual
      from bills b left join passed p on p.bill = b.record_id
      where b.amount_fen <> b.issued_fen - coalesce(p.fen, 0)
      union all
      select 'family', f.root::text, (r.issued_fen - f.settled)::text, f.open::text
      from family f left join bills r on r.record_id = f.root and r.root_bill_id is null
      where r.record_id is null or f.open <> r.issued_fen - f.settled`,
  },
};
