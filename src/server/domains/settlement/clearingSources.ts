// Clearing runs as list sources (src/server/resources/sources.ts) of two read-only resource files:
// clearingRuns.json (/payment/interlinkingManagement and interlinkingDetails) and
// clearingUnsettled.json (/contractUpdate/invalid and InfoRmationInvalid). Ops (the platform's
// account) own one record per run with the run's figures; a participant owns one record per run
// it took part in, with its own figures and its Interconnectedsingle receipt. So each caller's
// own scope is exactly its page: ops see every run, a participant its runs.
import { sql, type SQL } from 'drizzle-orm';
import { receiptPath } from '../../../shared/receipts';

const yuan = (fen: string) => sql.raw(`((${fen})::numeric / 100)::numeric(20, 2)`);
const yuanText = (fen: string) => sql.raw(`((${fen})::numeric / 100)::numeric(20, 2)::text`);
/** A run's part of its gross amount in, in percent with one decimal, as text ('21.3'); null for a run with nothing in. */
const shareText = (fen: string) => sql.raw(`case when cr.amount_in_fen > 0 then round((${fen})::numeric * 100 / cr.amount_in_fen, 1)::text end`);

/** The run's figures, common to ops' and a participant's record; a field without a value (a run started by hand has no runDay) is left out, as the resource file's schema says. */
const RUN_FIGURES = sql`jsonb_strip_nulls(jsonb_build_object(
  'runId', cr.id, 'trigger', cr.trigger, 'runDay', cr.run_day,
  'billsIn', cr.bills_in, 'participants', cr.participants,
  'amountIn', ${yuanText('cr.amount_in_fen')}, 'amountCleared', ${yuanText('cr.amount_cleared_fen')},
  'amountSettled', ${yuanText('cr.amount_settled_fen')}, 'amountUnsettled', ${yuanText('cr.amount_unsettled_fen')},
  'amountChained', ${yuanText('cr.amount_chained_fen')}, 'amountPassed', ${yuanText('cr.amount_passed_fen')},
  'shareCycles', ${shareText('cr.amount_cleared_fen')}, 'shareChains', ${shareText('cr.amount_chained_fen')}, 'amountDischarged', ${yuanText('cr.amount_discharged_fen')}, 'shareSettled', ${shareText('cr.amount_discharged_fen')},
  'solverMs', cr.solver_ms, 'totalMs', cr.total_ms))`;

const PARTY_FIGURES = sql`jsonb_strip_nulls(jsonb_build_object(
  'participantName', pa.name, 'ownBills', p.bills,
  'payable', ${yuanText('p.payable_fen')}, 'receivable', ${yuanText('p.receivable_fen')},
  'ownCleared', ${yuanText('p.cleared_fen')}, 'ownChained', ${yuanText('p.chained_fen')}, 'netPosition', ${yuanText('p.net_fen')},
  'settledAmount', ${yuanText('p.settled_fen')}, 'unsettledAmount', ${yuanText('p.unsettled_fen')},
  'unsettledReason', p.reason, 'availableAmount', ${yuanText('p.available_fen')},
  'receipt', ${receiptPath('Interconnectedsingle', '')} || p.id::text))`;

const columns = (resource: string, id: SQL, account: SQL, data: SQL, extra: SQL) =>
  sql`${id} as id, ${resource}::text as resource, ${account} as account_id, cr.state as state, ${data} as data, 1 as version,
    cr.started_at as created_at, cr.started_by as created_by, coalesce(cr.finished_at, cr.started_at) as updated_at, cr.started_by as updated_by, '{}'::jsonb as parties, ${extra}`;

/** Ops' record of each run (one per platform account) and each participant's record of its runs. */
export const clearingRunRecords = (resource: string): SQL => {
  const own = sql`cr.bills_in as "billsIn", ${yuan('cr.amount_in_fen')} as "amountIn", ${yuan('cr.amount_cleared_fen')} as "amountCleared"`;
  return sql`
    select ${columns(resource, sql`cr.id`, sql`ops.id`, RUN_FIGURES, own)}
    from clearing_runs cr cross join accounts ops where ops.type = 'platform'
    union all
    select ${columns(resource, sql`p.id`, sql`p.account_id`, sql`${RUN_FIGURES} || ${PARTY_FIGURES}`, own)}
    from clearing_run_parties p join clearing_runs cr on cr.id = p.run_id join accounts pa on pa.id = p.account_id`;
};

/** What stayed unsettled in a run, per participant: the participant's record, and ops' copy of each. */
export const clearingUnsettledRecords = (resource: string): SQL => {
  const data = sql`${RUN_FIGURES} || ${PARTY_FIGURES}`;
  const own = sql`${yuan('p.unsettled_fen')} as "unsettledAmount"`;
  const from = sql`clearing_run_parties p join clearing_runs cr on cr.id = p.run_id join accounts pa on pa.id = p.account_id`;
  return sql`
    select ${columns(resource, sql`p.id`, sql`p.account_id`, data, own)} from ${from} where p.reason is not null
    union all
    select ${columns(resource, sql`p.id`, sql`ops.id`, data, own)} from ${from} cross join accounts ops where p.reason is not null and ops.type = 'platform'`;
};
