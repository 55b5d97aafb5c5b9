// The funds domain's ledger invariant (ledger/invariants.ts compiles it with the core's): each
// contract's collateral lives in that contract's own escrow account (collateral.ts) and leaves it
// whole when the contract is released or refunded.
import { sql } from 'drizzle-orm';
import type { LedgerInvariants } from '../../ledger/invariants';

export const FUNDS_INVARIANTS: LedgerInvariants = {
  escrowPerContract: {
    description: "each contract's escrow account moves only that contract's collateral and keeps none once it is released (posted credits = posted debits)",
    query: sql`select a.id, (a.credits_posted - a.debits_posted)::text as posted_balance, null as transfer from ledger_accounts a
      where a.id like 'platform:escrow:%' and (a.credits_posted <> a.debits_posted or a.debits_pending <> 0 or not a.no_negative or a.code <> 'escrow')
      union all
      select side.account, null, t.id::text from ledger_transfers t
      cross join lateral (values (t.debit_account_id), (t.credit_account_id)) as side(account)
      where side.account like 'platform:escrow:%' and (t.ref_resource <> 'contracts' or side.account <> 'platform:escrow:' || t.ref_id::text)`,
  },
};
