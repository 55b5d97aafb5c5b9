// The coin-days domain's ledger invariant (ledger/invariants.ts compiles it with the core's):
// coin-days read each wallet's moves per China day (ledger_daily_moves, kept by triggers on the
// statement lines, migration 0021), so those sums must equal what the lines moved that day.
import { sql } from 'drizzle-orm';
import type { LedgerInvariants } from '../../ledger/invariants';

export const COINDAYS_INVARIANTS: LedgerInvariants = {
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
