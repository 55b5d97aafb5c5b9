// Coin-days (DESIGN §9) from the wallet's statement lines (ledger_lines), in SQL.
//
// A line moves the wallet's available balance (credits posted - debits posted - holds, as
// src/server/ledger/accounts.ts reads it) at these instants:
//   in, posted          +amount when it was posted (updated_at; = created_at for a transfer)
//   in, pending/voided  nothing: a hold's credit is not available until posted
//   out, any state      -amount when it started (created_at): a hold counts against the wallet
//   out, voided         +amount back when it was voided (updated_at)
// A day's closing balance is the balance after every move before the next China midnight.
//
// Speed: the moves are summed per wallet and China day by triggers on ledger_lines, in
// ledger_daily_moves (migration 0021, the same rule), so a period reads one row per day that
// moved, never the lines (a year of a busy wallet: 100,000 lines, 300-600 ms; 365 rows, ~1 ms).
// The balance before the period is the wallet's balance now (ledger_accounts, which the ledger
// check ties to its lines) less every move since the period's start. Days before the account's
// first movement (an account opened mid-period) have a closing balance of 0 and so count 0
// coin-days; they are listed.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { walletId } from '../../ledger/accounts';

/** A period of China days, both inclusive, YYYY-MM-DD; `to` is not after today. */
export interface CountedPeriod {
  from: string;
  to: string;
}

/** Days of the period with their closing balance (fen) and cumulative coin-days (fen x days), as the CTE `days`. */
function daysCte(accountId: string, p: CountedPeriod): SQL {
  return sql`
  with moves as (
    select day, delta_fen as delta from ledger_daily_moves where account_id = ${accountId} and day >= ${p.from}::date
  ), opening as (
    select coalesce((select credits_posted - debits_posted - debits_pending from ledger_accounts where id = ${walletId(accountId)}), 0)
      - coalesce((select sum(delta) from moves), 0) as balance
  ), span as (
    select d::date as day from generate_series(${p.from}::date, ${p.to}::date, interval '1 day') d
  ), balances as (
    select span.day, (select balance from opening) + sum(coalesce(m.delta, 0)) over (order by span.day) as closing
    from span left join moves m on m.day = span.day
  ), days as (
    select day, closing, sum(closing) over (order by day) as cumulative from balances
  )`;
}

export interface CoinDaysTotals {
  days: number;
  /** Sum of the closing balances, fen x days. */
  coinDaysFen: bigint;
  /** The last day's closing balance, fen. */
  closingFen: bigint;
}

/** The period's day count, coin-days and last closing balance. */
export async function coinDaysTotals(db: Db, accountId: string, p: CountedPeriod): Promise<CoinDaysTotals> {
  const [row] = await queryRows<{ days: string; sum: string; last: string | null }>(
    db,
    sql`${daysCte(accountId, p)}
    select count(*)::text as days, coalesce(sum(closing), 0)::text as sum, (select closing::text from days order by day desc limit 1) as last from days`,
  );
  return { days: Number(row.days), coinDaysFen: BigInt(row.sum), closingFen: BigInt(row.last ?? '0') };
}

export interface DayRow {
  date: string;
  closingFen: bigint;
  cumulativeFen: bigint;
}

export interface DetailFilter {
  minFen?: bigint;
  maxFen?: bigint;
  order: 'asc' | 'desc';
  /** null: every matching day (export). */
  page: { limit: number; offset: number } | null;
}

export interface DetailRows {
  rows: DayRow[];
  total: number;
  /** Coin-days of the matching days and of the whole period, fen x days. */
  filteredFen: bigint;
  periodFen: bigint;
}

/** The period's days that match the filter, a page of them in date order, with their count and sums. */
export async function coinDaysDetail(db: Db, accountId: string, p: CountedPeriod, f: DetailFilter): Promise<DetailRows> {
  const where = sql.join(
    [sql`true`, ...(f.minFen !== undefined ? [sql`closing >= ${f.minFen.toString()}::numeric`] : []), ...(f.maxFen !== undefined ? [sql`closing <= ${f.maxFen.toString()}::numeric`] : [])],
    sql` and `,
  );
  const order = f.order === 'desc' ? sql`day desc` : sql`day asc`;
  const page = f.page ? sql`limit ${f.page.limit} offset ${f.page.offset}` : sql``;
  const [row] = await queryRows<{ total: string; filtered: string; period: string; rows: { date: string; closing: string; cumulative: string }[] | string | null }>(
    db,
    sql`${daysCte(accountId, p)}, matching as (select * from days where ${where})
    select (select count(*) from matching)::text as total,
      (select coalesce(sum(closing), 0) from matching)::text as filtered,
      (select coalesce(sum(closing), 0) from days)::text as period,
      (select json_agg(json_build_object('date', to_char(day, 'YYYY-MM-DD'), 'closing', closing::text, 'cumulative', cumulative::text) order by ${order})
         from (select * from matching order by ${order} ${page}) pg) as rows`,
  );
  // postgres-js parses json; PGlite may answer it as text.
  const list = typeof row.rows === 'string' ? (JSON.parse(row.rows) as { date: string; closing: string; cumulative: string }[]) : (row.rows ?? []);
  return {
    rows: list.map((r) => ({ date: r.date, closingFen: BigInt(r.closing), cumulativeFen: BigInt(r.cumulative) })),
    total: Number(row.total),
    filteredFen: BigInt(row.filtered),
    periodFen: BigInt(row.period),
  };
}
