// The ledger seen from an account's wallet (issue 8), read from its statement lines
// (ledger_lines) as list sources (src/server/resources/sources.ts) of read-only resource files:
// its flows (accountFlows.json, /payment/RecordTabs): one per movement, a hold and how it ended
// (posted, or voided and returned) being one line whose state says which, so a withdrawal paid
// out is one line, not three; how its escrowed collateral ended (escrowSettlements.json,
// /report/paymentInventory); its objection deposits (objectionDeposits.json,
// /report/entropyList). Also the daily inflow and outflow for home.
import { sql, type SQL } from 'drizzle-orm';
import type { DailyFlowView } from '../../../shared/api';
import { RECEIPT_TEMPLATES_BY_KIND, receiptPath } from '../../../shared/receipts';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

/** The receipt page of a transfer (src/shared/receipts.ts), as a SQL CASE on its kind. */
function receiptSql(kind: SQL | string, id: SQL | string): SQL {
  const expr = (e: SQL | string) => (typeof e === 'string' ? sql.raw(e) : e);
  const cases = Object.entries(RECEIPT_TEMPLATES_BY_KIND).map(([k, [template]]) => sql`when ${k} then ${receiptPath(template, '')} || ${expr(id)}::text`);
  return sql`case ${expr(kind)} ${sql.join(cases, sql` `)} end`;
}

/**
 * The id of a line's business record as its reader opens it: a net settlement refers to its
 * clearing run, whose participant sees the run as its own record of it (clearingSources.ts:
 * one per run and participant), so the line links that, not ops' record of the run.
 */
const businessId = sql`(case when l.ref_resource = 'clearingRuns'
  then coalesce((select p.id::text from clearing_run_parties p where p.run_id::text = l.ref_id::text and p.account_id = l.account_id), l.ref_id::text)
  else l.ref_id::text end)`;

interface LineView {
  /** Which lines: a condition on l (the line) and, with `resolution`, r. */
  where: SQL;
  /** The record's kind, direction, time, state, and the transfer its receipt prints. */
  kind: SQL;
  direction: SQL;
  createdAt: SQL;
  state: SQL;
  transfer: SQL;
  /** More data fields, a jsonb object. */
  data?: SQL;
  /** The view reads r, the resolution of the line's hold. */
  resolution?: boolean;
  /**
   * The resource of every line's record, when the view's kinds fix it (a literal): b is then read
   * from that partition of resource_records alone, chosen when planned; else each line's ref_resource.
   */
  refResource?: SQL;
}

/**
 * Records of `resource` from the accounts' statement lines (ledger_lines: one per movement and
 * business wallet, a hold's line in the state its resolution gave it), as the columns of
 * resource_records plus kind, direction and amount as columns of their own (filters and sorts
 * read them, not the JSON). The id is the line's transfer: one per account, an index lookup.
 */
function lineRecords(resource: string, view: LineView): SQL {
  return sql`
  select l.transfer_id as id, ${resource}::text as resource, l.account_id, ${view.state} as state,
    jsonb_strip_nulls(jsonb_build_object(
      'transferId', ${view.transfer}, 'kind', ${view.kind}, 'direction', ${view.direction},
      'amount', (l.amount::numeric / 100)::numeric(20, 2)::text,
      'business', jsonb_strip_nulls(jsonb_build_object('resource', l.ref_resource, 'id', ${businessId}, 'title', b.data->>'title')),
      'receipt', ${receiptSql(view.kind, view.transfer)}
    ) || ${view.data ?? sql`'{}'::jsonb`}) as data,
    1 as version, ${view.createdAt} as created_at, l.user_id as created_by, l.updated_at, l.updated_by, '{}'::jsonb as parties,
    ${view.kind} as kind, ${view.direction} as direction, l.amount::numeric / 100 as amount
  from ledger_lines l
  ${view.resolution ? sql`left join ledger_transfers r on r.pending_id = l.transfer_id` : sql``}
  left join resource_records b on b.id = l.ref_id and b.resource = ${view.refResource ?? sql`l.ref_resource`}
  where ${view.where}`;
}

/**
 * Every movement of the wallet, in the order of the lines' index (account, time): a page reads
 * its own lines, not the account's whole history. A hold is one line in the state it ended in.
 */
export const accountFlows = (resource: string) =>
  lineRecords(resource, { where: sql`true`, kind: sql`l.kind`, direction: sql`l.direction`, createdAt: sql`l.created_at`, state: sql`l.state`, transfer: sql`l.transfer_id` });

/**
 * How escrowed collateral ended (/report/paymentInventory), at the time it ended: released to
 * the seller (the seller's release line), paid out of the buyer's hold (the buyer's collateral
 * line, posted: collateralPosted), or refunded to the buyer (the line voided: refund, money in).
 * The receipt is the ending transfer's.
 */
export const escrowSettlements = (resource: string) =>
  lineRecords(resource, {
    where: sql`(l.kind = 'release' or (l.kind = 'collateral' and l.state <> 'pending'))`,
    kind: sql`(case when l.kind = 'release' then 'release' when l.state = 'posted' then 'collateralPosted' else 'refund' end)`,
    direction: sql`(case when l.kind = 'collateral' and l.state = 'posted' then 'out' else 'in' end)`,
    createdAt: sql`(case when l.kind = 'release' then l.created_at else l.updated_at end)`,
    state: sql`null::text`,
    transfer: sql`coalesce(r.id, l.transfer_id)`,
    resolution: true,
    // Collateral and its release are a contract's (collateral.ts), as are objection deposits.
    refResource: sql`'contracts'`,
  });

/** The account's objection deposits (/report/entropyList): held, forfeited (posted) or returned (voided, with the return's receipt). */
export const objectionDeposits = (resource: string) =>
  lineRecords(resource, {
    where: sql`l.kind = 'objectionDeposit'`,
    kind: sql`l.kind`,
    direction: sql`l.direction`,
    createdAt: sql`l.created_at`,
    state: sql`l.state`,
    transfer: sql`l.transfer_id`,
    data: sql`jsonb_strip_nulls(jsonb_build_object('returnReceipt', case when l.state = 'voided' then ${receiptSql('r.kind', 'r.id')} end))`,
    resolution: true,
    refResource: sql`'contracts'`,
  });

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
