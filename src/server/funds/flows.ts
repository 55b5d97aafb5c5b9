// The ledger seen from an account's wallet (issue 8), as list sources (src/server/resources/
// sources.ts) of read-only resource files: its flows (accountFlows.json, /payment/RecordTabs),
// its statement lines: one per movement, a hold and how it ended (posted, or voided and
// returned) being one line whose state says which, so a withdrawal paid out is one line, not three; how its escrowed
// collateral ended (escrowSettlements.json, /report/paymentInventory); its objection deposits
// (objectionDeposits.json, /report/entropyList). Also the daily inflow and outflow for home.
import { sql, type SQL } from 'drizzle-orm';
import type { DailyFlowView } from '../../shared/api';
import { RECEIPT_TEMPLATES_BY_KIND, receiptPath } from '../../shared/receipts';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { registerSource } from '../resources/sources';

/** The receipt page of a transfer (src/shared/receipts.ts), as a SQL CASE on its kind: `kind` and `id` are its columns. */
function receiptSql(kind: string, id: string): SQL {
  const cases = Object.entries(RECEIPT_TEMPLATES_BY_KIND).map(([k, [template]]) => sql`when ${k} then ${receiptPath(template, '')} || ${sql.raw(id)}::text`);
  return sql`case ${sql.raw(kind)} ${sql.join(cases, sql` `)} end`;
}

/** A hold's state: pending until resolved, then posted or voided as its resolution says; a transfer posted at once is posted. */
const HOLD_STATE = sql`case when t.status <> 'pending' then t.status when r.id is null then 'pending' else r.status end`;

interface WalletView {
  /** Which transfers: a condition on t (the transfer) and r (its resolution, if a hold). */
  where: SQL;
  /** The record's state (null for a resource without states). */
  state: SQL;
  /** More data fields, a jsonb object. */
  data?: SQL;
}

/**
 * The transfers of `view` that touch a business account's wallet, one record per transfer and
 * account, as the columns of resource_records. The debit and credit sides are a UNION ALL so an
 * account filter reaches each side's own index.
 */
/**
 * Out of the wallet when it is debited, into it when credited; a void (a refund) mirrors the
 * accounts of its hold, so it is the other way round: the money comes back.
 */
const direction = (column: 'debit_account_id' | 'credit_account_id') => {
  const [plain, mirrored] = column === 'debit_account_id' ? ['out', 'in'] : ['in', 'out'];
  return sql`case when t.status = 'voided' then ${mirrored}::text else ${plain}::text end`;
};

function walletRecords(resource: string, view: WalletView): SQL {
  const side = (column: 'debit_account_id' | 'credit_account_id') => sql`
    select t.id, ${resource}::text as resource, a.owner_account_id as account_id, ${view.state} as state,
      jsonb_strip_nulls(jsonb_build_object(
        'transferId', t.id, 'kind', t.kind, 'direction', ${direction(column)},
        'amount', (t.amount::numeric / 100)::numeric(20, 2)::text,
        'business', jsonb_strip_nulls(jsonb_build_object('resource', t.ref_resource, 'id', t.ref_id, 'title', b.data->>'title')),
        'receipt', ${receiptSql('t.kind', 't.id')}
      ) || ${view.data ?? sql`'{}'::jsonb`}) as data,
      1 as version, t.created_at, t.user_id as created_by,
      coalesce(r.created_at, t.created_at) as updated_at, coalesce(r.user_id, t.user_id) as updated_by
    from ledger_transfers t
    join ledger_accounts a on a.id = t.${sql.raw(column)} and a.owner_account_id is not null
    left join ledger_transfers r on r.pending_id = t.id
    left join resource_records b on b.id = t.ref_id
    where ${view.where}`;
  return sql`${side('debit_account_id')} union all ${side('credit_account_id')}`;
}

/**
 * Every movement of the wallet, from its statement lines (ledger_lines, written with each
 * transfer; a hold's line in the state its resolution gave it): read in the order of their
 * index, so a page reads its own lines and not the account's whole history.
 */
const accountFlows = (resource: string) => sql`
  select l.transfer_id as id, ${resource}::text as resource, l.account_id, l.state,
    jsonb_strip_nulls(jsonb_build_object(
      'transferId', l.transfer_id, 'kind', l.kind, 'direction', l.direction,
      'amount', (l.amount::numeric / 100)::numeric(20, 2)::text,
      'business', jsonb_strip_nulls(jsonb_build_object('resource', l.ref_resource, 'id', l.ref_id, 'title', b.data->>'title')),
      'receipt', ${receiptSql('l.kind', 'l.transfer_id')}
    )) as data,
    1 as version, l.created_at, l.user_id as created_by, l.updated_at, l.updated_by,
    l.kind, l.direction, l.amount::numeric / 100 as amount
  from ledger_lines l
  left join resource_records b on b.id = l.ref_id`;

/**
 * How escrowed collateral ended (/report/paymentInventory): released to the seller (its line:
 * release), paid out of the buyer's hold (the buyer's line: collateralPosted), or refunded to the
 * buyer (refund, the hold voided).
 */
const escrowSettlements = (resource: string) => walletRecords(resource, { where: sql`t.kind in ('release', 'collateralPosted', 'refund')`, state: sql`null::text` });

/** The account's objection deposits (/report/entropyList): held, forfeited (posted) or returned (voided, with the return's receipt). */
const objectionDeposits = (resource: string) =>
  walletRecords(resource, {
    where: sql`t.kind = 'objectionDeposit'`,
    state: HOLD_STATE,
    data: sql`jsonb_strip_nulls(jsonb_build_object('returnReceipt', case when r.status = 'voided' then ${receiptSql('r.kind', 'r.id')} end))`,
  });

registerSource('ledger.accountFlows', accountFlows, ['kind', 'direction', 'amount']);
registerSource('ledger.escrowSettlements', escrowSettlements);
registerSource('ledger.objectionDeposits', objectionDeposits);


/**
 * The last `days` China days up to `now`, each with what came into the wallet (deposits,
 * releases) and what left it (withdrawals, collateral, objection deposits), counted when the
 * movement started; a hold that was voided (a failed withdrawal, a refund) moved nothing.
 */
export async function dailyFlows(db: Db, accountId: string, days: number, now: Date): Promise<DailyFlowView[]> {
  return queryRows<DailyFlowView>(
    db,
    sql`
    with span as (
      select generate_series(((${now.toISOString()}::timestamptz at time zone 'Asia/Shanghai')::date - ${days - 1}::int), (${now.toISOString()}::timestamptz at time zone 'Asia/Shanghai')::date, interval '1 day')::date as day
    )
    select to_char(span.day, 'YYYY-MM-DD') as day,
      (coalesce(sum(l.amount) filter (where l.direction = 'in'), 0)::numeric / 100)::numeric(20, 2)::text as inflow,
      (coalesce(sum(l.amount) filter (where l.direction = 'out'), 0)::numeric / 100)::numeric(20, 2)::text as outflow
    from span
    left join ledger_lines l on l.account_id = ${accountId} and l.state <> 'voided'
      and l.created_at >= (span.day::timestamp at time zone 'Asia/Shanghai') and l.created_at < ((span.day + 1)::timestamp at time zone 'Asia/Shanghai')
    group by span.day
    order by span.day`,
  );
}
