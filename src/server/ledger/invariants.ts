// The ledger's invariants (DESIGN §8), one SQL query each. Each returns the rows that break it,
// so an empty answer is a healthy ledger. The tests run them after every concurrency scenario;
// `npm run ledger:check` and GET /api/ops/ledger/check run them on a live database.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';

/** Amounts a transfer puts on each account: posted rows move posted totals, open holds pending ones. */
const MOVEMENTS = sql`
  select debit_account_id as account, amount as dp, 0::bigint as cp, 0::bigint as dq, 0::bigint as cq from ledger_transfers where status = 'posted'
  union all select credit_account_id, 0, amount, 0, 0 from ledger_transfers where status = 'posted'
  union all select debit_account_id, 0, 0, amount, 0 from ledger_transfers t where status = 'pending' and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)
  union all select credit_account_id, 0, 0, 0, amount from ledger_transfers t where status = 'pending' and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)`;

export const INVARIANTS: Record<string, { description: string; query: SQL }> = {
  zeroSum: {
    description: 'debits equal credits over all accounts, posted and pending',
    query: sql`select sum(debits_posted)::text as debits_posted, sum(credits_posted)::text as credits_posted, sum(debits_pending)::text as debits_pending, sum(credits_pending)::text as credits_pending
      from ledger_accounts having sum(debits_posted) <> sum(credits_posted) or sum(debits_pending) <> sum(credits_pending)`,
  },
  noNegative: {
    description: 'no account flagged no-negative owes more than it holds',
    query: sql`select id, (credits_posted - debits_posted - debits_pending)::text as balance from ledger_accounts
      where no_negative and debits_posted + debits_pending > credits_posted`,
  },
  holdResolvedOnce: {
    description: 'every hold is posted or voided at most once, by a row matching it',
    query: sql`select r.pending_id::text as hold, count(*)::int as resolutions, bool_and(p.status = 'pending' and p.amount = r.amount and p.debit_account_id = r.debit_account_id and p.credit_account_id = r.credit_account_id) as matching
      from ledger_transfers r left join ledger_transfers p on p.id = r.pending_id
      where r.pending_id is not null
      group by r.pending_id having count(*) > 1 or not bool_and(p.status = 'pending' and p.amount = r.amount and p.debit_account_id = r.debit_account_id and p.credit_account_id = r.credit_account_id)
      union all
      select id::text, 0, false from ledger_transfers where (status = 'pending' and pending_id is not null) or (status = 'voided' and pending_id is null)`,
  },
  balancesMatchTransfers: {
    description: "every account's totals equal the sum of its transfers",
    query: sql`with m as (${MOVEMENTS}), s as (select account, sum(dp) dp, sum(cp) cp, sum(dq) dq, sum(cq) cq from m group by account)
      select a.id from ledger_accounts a left join s on s.account = a.id
      where a.debits_posted <> coalesce(s.dp, 0) or a.credits_posted <> coalesce(s.cp, 0) or a.debits_pending <> coalesce(s.dq, 0) or a.credits_pending <> coalesce(s.cq, 0)`,
  },
  linesMatchTransfers: {
    description: 'each movement of a business wallet has its one statement line, in the state its hold ended in',
    query: sql`with expected as (
        select t.id as transfer_id, split_part(side.account, ':', 1)::uuid as account_id, side.direction, t.kind, t.amount,
          case when t.status <> 'pending' then t.status when r.id is null then 'pending' else r.status end as state
        from ledger_transfers t
        cross join lateral (values (t.debit_account_id, 'out'), (t.credit_account_id, 'in')) as side(account, direction)
        left join ledger_transfers r on r.pending_id = t.id
        where t.pending_id is null and side.account like '%:wallet'
      )
      select coalesce(e.transfer_id, l.transfer_id)::text as transfer, coalesce(e.account_id, l.account_id)::text as account, e.state as expected, l.state as line
      from expected e full join ledger_lines l on l.transfer_id = e.transfer_id and l.account_id = e.account_id
      where e.transfer_id is null or l.transfer_id is null or l.direction <> e.direction or l.kind <> e.kind or l.amount <> e.amount or l.state <> e.state`,
  },
  escrowPerContract: {
    description: "each contract's escrow account moves only that contract's collateral and keeps none once it is released (posted credits = posted debits)",
    query: sql`select a.id, (a.credits_posted - a.debits_posted)::text as posted_balance, null as transfer from ledger_accounts a
      where a.id like 'platform:escrow:%' and (a.credits_posted <> a.debits_posted or a.debits_pending <> 0 or not a.no_negative or a.code <> 'escrow')
      union all
      select side.account, null, t.id::text from ledger_transfers t
      cross join lateral (values (t.debit_account_id), (t.credit_account_id)) as side(account)
      where side.account like 'platform:escrow:%' and (t.ref_resource <> 'contracts' or side.account <> 'platform:escrow:' || t.ref_id::text)`,
  },
  billOpenAmounts: {
    description: "a bill's open amount is its amount less its payments less its cleared parts, never negative, and its record says so",
    query: sql`with paid as (
        select ref_id, sum(case when kind = 'billPaymentReversed' then -amount else amount end) as fen from ledger_transfers
        where ref_resource = 'bills' and kind in ('billPayment', 'billBatchPayment', 'billPaymentReversed') and status = 'posted' group by ref_id
      )
      select b.record_id::text as bill, b.amount_fen::text as amount, b.paid_fen::text as paid, b.cleared_fen::text as cleared, coalesce(p.fen, 0)::text as payments, r.data ->> 'openAmount' as open
      from bills b join resource_records r on r.resource = 'bills' and r.id = b.record_id left join paid p on p.ref_id = b.record_id
      where b.paid_fen <> coalesce(p.fen, 0) or b.paid_fen < 0 or b.cleared_fen < 0 or b.amount_fen - b.paid_fen - b.cleared_fen < 0
        or (r.data ->> 'openAmount')::numeric * 100 <> b.amount_fen - b.paid_fen - b.cleared_fen`,
  },
  dailyMovesMatchLines: {
    description: "each wallet's moves per China day (ledger_daily_moves, coin-days) equal what its statement lines moved that day",
    query: sql`with expected as (
        select l.account_id, m.day, sum(m.delta) as delta
        from ledger_lines l, ledger_line_moves(l.direction, l.state, l.amount, l.created_at, l.updated_at) m
        group by l.account_id, m.day having sum(m.delta) <> 0
      )
      select coalesce(e.account_id, d.account_id)::text as account, coalesce(e.day, d.day)::text as day, e.delta::text as expected, d.delta_fen::text as kept
      from expected e full join ledger_daily_moves d on d.account_id = e.account_id and d.day = e.day
      where coalesce(e.delta, 0) <> coalesce(d.delta_fen, 0)`,
  },
};

/** Each invariant's violating rows (empty arrays when the ledger is sound). */
export async function checkLedger(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, { query }] of Object.entries(INVARIANTS)) out[name] = await queryRows(db, query);
  return out;
}

export const ledgerSound = (result: Record<string, unknown[]>) => Object.values(result).every((rows) => rows.length === 0);
