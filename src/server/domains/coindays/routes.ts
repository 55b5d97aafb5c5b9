// SPEC §7 coin-day endpoints (DESIGN §9), the caller's account's wallet:
//   GET  /api/system/personal/getcoindays?from&to            the period's summary
//   POST /api/system/personal/coindaysdetail {from, to, minBalance, maxBalance, order, pageNo, pageSize}
//                                                             its days (date, closing balance, coin-days, cumulative), filtered, paged, with totals
//   GET  /api/system/personal/coindaysdetail/export?…&format  the same days as CSV or XLSX
// The period defaults to this month (China time); days after today are not counted yet, today
// counts with its balance so far.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chinaDay } from '../../../shared/chinaTime';
import { COIN_DAYS_MAX_DAYS, daysBetween, isDay, monthOf, type CoinDaysDetailPage, type CoinDaysSummary } from '../../../shared/coinDays';
import { fenToYuan, yuanToFen } from '../../../shared/money';
import type { AppContext } from '../../context';
import { fieldError, type MessageRef } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { pageFrom } from '../../pagination';
import { answers, exportAnswers, nullable, obj, pageProps, record, str, t } from '../../openapi/kit';
import { toCsv, toXlsx, type ExportTable } from '../../resources/export';
import { coinDaysDetail, coinDaysTotals, type CountedPeriod, type DetailFilter } from './coinDays';

const tags = ['coinDays'];
const money = { type: 'string', format: 'money' };
const day = str(10, { description: 'YYYY-MM-DD, a China day' });
const periodProps = { from: { ...day, description: 'First day (default: the first of this month, China time)' }, to: { ...day, description: 'Last day (default: the last of this month)' } };
const filterProps = {
  ...periodProps,
  minBalance: str(20, { description: 'Only days whose closing balance is at least this (yuan)' }),
  maxBalance: str(20, { description: 'Only days whose closing balance is at most this (yuan)' }),
  order: { type: 'string', enum: ['asc', 'desc'], description: 'Date order (default asc)' },
};

interface Period {
  from: string;
  to: string;
  /** The counted part (up to today), or null when the period starts after today. */
  counted: CountedPeriod | null;
}

/** The asked period (default this month), checked: real days, from <= to, at most a year. */
function periodOf(src: Record<string, unknown>, now: Date): Period {
  const today = chinaDay(now);
  const month = monthOf(today);
  const from = src.from === undefined || src.from === '' ? month.from : src.from;
  const to = src.to === undefined || src.to === '' ? month.to : src.to;
  const errors: Record<string, MessageRef> = {};
  if (!isDay(from)) errors.from = 'api:invalidDate';
  if (!isDay(to)) errors.to = 'api:invalidDate';
  if (isDay(from) && isDay(to)) {
    if (to < from) errors.to = 'api:coinDaysOrder';
    else if (daysBetween(from, to) > COIN_DAYS_MAX_DAYS) errors.to = { key: 'api:coinDaysTooLong', params: { max: COIN_DAYS_MAX_DAYS } };
  }
  if (Object.keys(errors).length) throw fieldError(errors);
  const f = from as string;
  const t = to as string;
  const last = t < today ? t : today;
  return { from: f, to: t, counted: f <= last ? { from: f, to: last } : null };
}

function filterOf(src: Record<string, unknown>): Omit<DetailFilter, 'page'> {
  const errors: Record<string, MessageRef> = {};
  const fen = (field: 'minBalance' | 'maxBalance'): bigint | undefined => {
    const v = src[field];
    if (v === undefined || v === '' || v === null) return undefined;
    try {
      return yuanToFen(v as string);
    } catch {
      errors[field] = 'formats:format.money';
      return undefined;
    }
  };
  const minFen = fen('minBalance');
  const maxFen = fen('maxBalance');
  // A range upside down finds nothing: said, not answered with an empty page.
  if (minFen !== undefined && maxFen !== undefined && maxFen < minFen) errors.maxBalance = 'api:coinDaysBalanceOrder';
  if (Object.keys(errors).length) throw fieldError(errors);
  return { minFen, maxFen, order: src.order === 'desc' ? 'desc' : 'asc' };
}

/** Half-up division of non-negative... or negative fen sums by a day count. */
const averageFen = (sum: bigint, days: number): bigint => {
  if (days === 0) return 0n;
  const d = BigInt(days);
  const twice = (sum * 2n) / d;
  return sum >= 0n ? (twice + 1n) / 2n : (twice - 1n) / 2n;
};

export default async function coinDaysRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  // The menu's gate of /operator/currency (schemas/menu.json: account), so whoever opens the page may read it.
  const guard = app.requirePermission('account', 'query');
  const account = (req: FastifyRequest) => currentUser(req).accountId;

  app.get(
    '/system/personal/getcoindays',
    {
      schema: {
        tags,
        summary: "Coin-days of the caller's wallet over a period: the sum over China days of the end-of-day available balance (yuan x days)",
        description: "Answers the coin-days of the caller's wallet over a period (default this month): the days counted so far, their sum of closing balances, the average and the last closing balance.",
        querystring: obj(periodProps),
        response: answers(
          record({
            from: t.date,
            to: t.date,
            countedTo: nullable({ ...t.date, description: 'The last day counted (today at most); null when the period starts after today' }),
            days: { type: 'integer', minimum: 0 },
            coinDays: { ...money, description: 'Yuan x days' },
            averageBalance: money,
            closingBalance: money,
          }),
          'The summary',
        ),
      },
      preHandler: guard,
    },
    async (req) => {
      const p = periodOf(req.query as Record<string, unknown>, clock.now());
      const t = p.counted ? await coinDaysTotals(db, account(req), p.counted) : { days: 0, coinDaysFen: 0n, closingFen: 0n };
      const data: CoinDaysSummary = {
        from: p.from,
        to: p.to,
        countedTo: p.counted?.to ?? null,
        days: t.days,
        coinDays: fenToYuan(t.coinDaysFen),
        averageBalance: fenToYuan(averageFen(t.coinDaysFen, t.days)),
        closingBalance: fenToYuan(t.closingFen),
      };
      return ok(req, data);
    },
  );

  app.post(
    '/system/personal/coindaysdetail',
    {
      schema: {
        tags,
        summary: 'The daily detail of coin-days (date, closing balance, coin-days, cumulative), filtered and paged, with totals',
        description: 'Answers a page of the counted days of a period with their closing balance, coin-days and running sum, filtered by balance, with the coin-days of the matching days and of the whole period.',
        body: obj({ ...filterProps, ...pageProps, pageSize: { ...pageProps.pageSize, maximum: COIN_DAYS_MAX_DAYS, description: `Days per page (default 10), at most ${COIN_DAYS_MAX_DAYS}` } }),
        response: answers(
          t.page(record({ date: t.date, closingBalance: money, coinDays: money, cumulative: money }), { totals: record({ coinDays: money, periodCoinDays: money }) }),
          'A page of days',
        ),
      },
      preHandler: guard,
    },
    async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const p = periodOf(body, clock.now());
      // A whole period fits one page (the chart reads every day).
      const page = pageFrom(body, 10, COIN_DAYS_MAX_DAYS);
      const f = filterOf(body);
      const d = p.counted ? await coinDaysDetail(db, account(req), p.counted, { ...f, page: { limit: page.pageSize, offset: page.offset } }) : null;
      const data: CoinDaysDetailPage = {
        records: (d?.rows ?? []).map((r) => ({ date: r.date, closingBalance: fenToYuan(r.closingFen), coinDays: fenToYuan(r.closingFen), cumulative: fenToYuan(r.cumulativeFen) })),
        total: d?.total ?? 0,
        totals: { coinDays: fenToYuan(d?.filteredFen ?? 0n), periodCoinDays: fenToYuan(d?.periodFen ?? 0n) },
      };
      return ok(req, data);
    },
  );

  app.get(
    '/system/personal/coindaysdetail/export',
    {
      schema: {
        tags,
        summary: 'The daily detail of coin-days as CSV or XLSX (the same filters, every matching day)',
        description: 'Exports every counted day of a period matching the filters, with the columns of the detail, as CSV or an XLSX workbook.',
        querystring: obj({ ...filterProps, format: { type: 'string', enum: ['csv', 'xlsx'] } }),
        response: exportAnswers('The file'),
      },
      preHandler: guard,
    },
    async (req, reply) => {
      const query = req.query as Record<string, unknown>;
      const p = periodOf(query, clock.now());
      const f = filterOf(query);
      const d = p.counted ? await coinDaysDetail(db, account(req), p.counted, { ...f, page: null }) : null;
      const t = req.t;
      const table: ExportTable = {
        headers: [t('api:coinDaysDate'), t('api:coinDaysClosing'), t('api:coinDaysCoinDays'), t('api:coinDaysCumulative')],
        rows: (d?.rows ?? []).map((r) => [r.date, Number(fenToYuan(r.closingFen)), Number(fenToYuan(r.closingFen)), Number(fenToYuan(r.cumulativeFen))]),
        numeric: [false, true, true, true],
      };
      const format = query.format === 'csv' ? 'csv' : 'xlsx';
      const title = t('api:coinDaysTitle');
      const name = `coindays-${p.from}-${p.to}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(`${title}-${p.from}-${p.to}.${format}`)}`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(table));
      return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(table, title));
    },
  );
}
