// The ledger's invariants (DESIGN §8), one SQL query each. Each returns the rows that break it,
// so an empty answer is a healthy ledger. The core's own are here (totals, holds, statement
// lines); what a domain keeps on top of the ledger it checks itself: a domain contributes its
// invariants (Domain.invariants: funds' escrow per contract, settlement's bill figures,
// coindays' daily moves) and ledgerInvariants() compiles them with the core's, once at start
// (DomainContext.ledgerInvariants). The tests run them after every concurrency scenario;
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

/** One invariant: what it promises, and the query answering the rows that break it. */
export interface LedgerInvariant {
  description: string;
  query: SQL;
}

/** Invariants by name. */
export type LedgerInvariants = Readonly<Record<string, LedgerInvariant>>;

/** The ledger core's own: money is neither made nor lost, and every figure kept agrees with the transfers. */
export const CORE_INVARIANTS: LedgerInvariants = {
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
};

/**
 * The core's invariants and those the domains contribute, by name; a name given twice (by the
 * core and a domain, or by two domains) is an error, as for every other contribution.
 */
export function ledgerInvariants(domains: readonly { name: string; invariants?: LedgerInvariants }[]): LedgerInvariants {
  const all: Record<string, LedgerInvariant> = { ...CORE_INVARIANTS };
  const owner = new Map(Object.keys(CORE_INVARIANTS).map((name) => [name, 'the ledger core']));
  for (const domain of domains) {
    for (const [name, invariant] of Object.entries(domain.invariants ?? {})) {
      const first = owner.get(name);
      if (first) throw new Error(`ledger invariant '${name}' is given by ${first} and by domain '${domain.name}'`);
      owner.set(name, `domain '${domain.name}'`);
      all[name] = invariant;
    }
  }
  return all;
}

/** Each of `invariants`' violating rows, by name (empty arrays when the ledger is sound). */
export async function checkLedger(db: Db, invariants: LedgerInvariants): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, { query }] of Object.entries(invariants)) out[name] = await queryRows(db, query);
  return out;
}

export const ledgerSound = (result: Record<string, unknown[]>) => Object.values(result).every((rows) => rows.length === 0);
