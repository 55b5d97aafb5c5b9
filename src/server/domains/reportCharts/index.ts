// The report pages' charts (issue 19): GET /api/reports/:report/daily, the caller's amounts per
// China day and category over the last 30 days, read from the same rows as the report's list
// (the ledger's statement lines for paymentInventory and entropyList, the withdrawal records for
// withdrawalList), so the chart and the table agree. Gated like the report's list (resource
// gate, src/shared/access.ts).
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { REPORT_CHART_DAYS, REPORT_CHART_SERIES, isChartedReport, type ReportChartDay } from '../../../shared/reportCharts';
import { queryRows } from '../../db/rows';
import type { Domain, DomainContext } from '../../domain';
import { forbidden, notFound } from '../../errors';
import { decide } from '../../../shared/access';
import { actorOf, currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { answers, obj, str } from '../../openapi/kit';
import { escrowSettlements, objectionDeposits } from '../funds/flows';

/** The report's rows as (account_id, created_at, key, amount in yuan). */
function rowsOf(report: keyof typeof REPORT_CHART_SERIES): SQL {
  if (report === 'escrowSettlements') return sql`select account_id, created_at, kind as key, amount from (${escrowSettlements(report)}) r`;
  if (report === 'objectionDeposits') return sql`select account_id, created_at, state as key, amount from (${objectionDeposits(report)}) r`;
  return sql`select account_id, created_at, state as key, (data->>'amount')::numeric as amount from resource_records where resource = 'withdrawals'`;
}

async function reportChartRoutes(app: FastifyInstance, ctx: DomainContext) {
  app.get(
    '/reports/:report/daily',
    {
      schema: {
        tags: ['reports'],
        summary: "A report's amounts per China day and category over the last 30 days, the caller's account (escrowSettlements, objectionDeposits, withdrawals)",
        description: "Answers, for each of the last 30 China days, the amounts of the caller's account in each category of the report (a state or kind), in yuan, oldest first.",
        params: obj({ report: str(40) }, ['report']),
        response: answers(
          { type: 'array', items: { type: 'object', required: ['day'], properties: { day: { type: 'string', format: 'date' } }, additionalProperties: { type: 'string', format: 'money' }, description: 'day, then the amount of each category' } },
          'The days',
          { 404: 'No such report' },
        ),
      },
      preHandler: app.requireAuth,
    },
    async (req) => {
      const { report } = req.params as { report: string };
      if (!isChartedReport(report)) throw notFound();
      const def = ctx.resources.get(report)?.def;
      if (!def) throw notFound();
      const me = currentUser(req);
      // The gate of the report's list.
      if (!decide(actorOf(me), def, 'list').can) throw forbidden();
      const now = ctx.clock.now().toISOString();
      const rows = await queryRows<{ day: string; key: string; amount: string }>(
        ctx.db,
        sql`
        with span as (
          select generate_series(((${now}::timestamptz at time zone 'Asia/Shanghai')::date - ${REPORT_CHART_DAYS - 1}::int), (${now}::timestamptz at time zone 'Asia/Shanghai')::date, interval '1 day')::date as day
        ), r as (${rowsOf(report)})
        select to_char(span.day, 'YYYY-MM-DD') as day, r.key, coalesce(sum(r.amount), 0)::numeric(20, 2)::text as amount
        from span
        left join r on r.account_id = ${me.accountId}
          and r.created_at >= (span.day::timestamp at time zone 'Asia/Shanghai') and r.created_at < ((span.day + 1)::timestamp at time zone 'Asia/Shanghai')
        group by span.day, r.key
        order by span.day`,
      );
      const keys: readonly string[] = REPORT_CHART_SERIES[report].keys;
      const days = new Map<string, ReportChartDay>();
      for (const row of rows) {
        const day = days.get(row.day) ?? ({ day: row.day, ...Object.fromEntries(keys.map((k) => [k, '0.00'])) } as ReportChartDay);
        if (row.key && keys.includes(row.key)) day[row.key] = row.amount;
        days.set(row.day, day);
      }
      return ok(req, [...days.values()]);
    },
  );
}

export const reportCharts: Domain = { name: 'reportCharts', routes: [reportChartRoutes] };
