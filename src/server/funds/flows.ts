// The flows of an account (issue 8, /payment/RecordTabs): every money movement of its wallet,
// read from the ledger, as the records of schemas/resources/accountFlows.json (a list source,
// src/server/resources/sources.ts). One flow per transfer that starts a movement; a hold and
// how it ended (posted, or voided and returned) are one flow whose state says which, so a
// withdrawal paid out is one line, not three. Also the daily inflow and outflow for home.
import { sql, type SQL } from 'drizzle-orm';
import type { DailyFlowView } from '../../shared/api';
import { RECEIPT_TEMPLATES_BY_KIND, receiptPath } from '../../shared/receipts';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { registerSource } from '../resources/sources';

/** The receipt page of a flow's transfer (src/shared/receipts.ts), as a SQL CASE on its kind. */
function receiptSql(): SQL {
  const cases = Object.entries(RECEIPT_TEMPLATES_BY_KIND).map(([kind, [template]]) => sql`when ${kind} then ${receiptPath(template, '')} || t.id::text`);
  return sql`case t.kind ${sql.join(cases, sql` `)} end`;
}

/**
 * One side of the flows: transfers whose `side` (debit or credit) is a business account's wallet.
 * The two sides are a UNION ALL so that an account filter reaches each side's own index.
 */
function side(column: 'debit_account_id' | 'credit_account_id', resource: string): SQL {
  const direction = column === 'debit_account_id' ? 'out' : 'in';
  return sql`
    select t.id, ${resource}::text as resource, a.owner_account_id as account_id,
      case when t.status <> 'pending' then t.status when r.id is null then 'pending' else r.status end as state,
      jsonb_strip_nulls(jsonb_build_object(
        'transferId', t.id, 'kind', t.kind, 'direction', ${direction}::text,
        'amount', (t.amount::numeric / 100)::numeric(20, 2)::text,
        'business', jsonb_strip_nulls(jsonb_build_object('resource', t.ref_resource, 'id', t.ref_id, 'title', b.data->>'title')),
        'receipt', ${receiptSql()}
      )) as data,
      1 as version, t.created_at, t.user_id as created_by,
      coalesce(r.created_at, t.created_at) as updated_at, coalesce(r.user_id, t.user_id) as updated_by
    from ledger_transfers t
    join ledger_accounts a on a.id = t.${sql.raw(column)} and a.owner_account_id is not null
    left join ledger_transfers r on r.pending_id = t.id
    left join resource_records b on b.id = t.ref_id
    where t.pending_id is null`;
}

registerSource('ledger.accountFlows', (resource) => sql`${side('debit_account_id', resource)} union all ${side('credit_account_id', resource)}`);


/**
 * The last `days` China days up to `now`, each with what came into the wallet (deposits,
 * releases) and what left it (withdrawals, collateral, objection deposits), counted when the
 * movement started; a hold that was voided (a failed withdrawal, a refund) moved nothing.
 */
export async function dailyFlows(db: Db, accountId: string, days: number, now: Date): Promise<DailyFlowView[]> {
  const rows = await queryRows<DailyFlowView>(
    db,
    sql`
    with flows as (${side('debit_account_id', 'accountFlows')} union all ${side('credit_account_id', 'accountFlows')}),
    span as (
      select generate_series(((${now.toISOString()}::timestamptz at time zone 'Asia/Shanghai')::date - ${days - 1}::int), (${now.toISOString()}::timestamptz at time zone 'Asia/Shanghai')::date, interval '1 day')::date as day
    )
    select to_char(span.day, 'YYYY-MM-DD') as day,
      coalesce(sum((f.data->>'amount')::numeric) filter (where f.data->>'direction' = 'in'), 0)::numeric(20, 2)::text as inflow,
      coalesce(sum((f.data->>'amount')::numeric) filter (where f.data->>'direction' = 'out'), 0)::numeric(20, 2)::text as outflow
    from span
    left join flows f on f.account_id = ${accountId} and f.state <> 'voided' and (f.created_at at time zone 'Asia/Shanghai')::date = span.day
    group by span.day
    order by span.day`,
  );
  return rows;
}
