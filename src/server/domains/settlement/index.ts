// The settlement domain (issue 18, DESIGN §9): bills (确权单, schemas/resources/bills.json) issued
// when a contract completes or by a payee, confirmed with an SMS code, delayed, paid whole, in
// part or several at once (routes.ts), reversed by ops; their money row (store.ts, what mutual
// netting reads and writes down), their messages, todos and reminders (news.ts); mutual netting's
// clearing runs (clearing.ts: ops start one, or the daily job; clearingSources.ts: their pages);
// the outgoing detail report of each contract (outgoing.ts).
import type { Domain } from '../../domain';
import { issueBill, issueOnCompletion, setBillsDefinition } from './issue';
import { billNews, remindDue, scheduleReminders } from './news';
import { CONTRACT_OUTGOING_COLUMNS, contractOutgoings } from './outgoing';
import { payOne, reversePayment } from './pay';
import settlementRoutes from './routes';
import clearingRoutes from './clearingRoutes';
import { runDailyClearing, scheduleDailyClearing } from './clearingJob';
import { clearingRunRecords, clearingUnsettledRecords } from './clearingSources';
import { cancelBill, confirmBill, delayBill, rejectBill } from './steps';
import { BILL_TOTALS } from './billTotals';

export const settlement: Domain = {
  name: 'settlement',
  routes: [settlementRoutes, clearingRoutes],
  createHandlers: { 'bills.issue': issueBill },
  handlers: {
    'bills.confirm': confirmBill,
    'bills.reject': rejectBill,
    'bills.cancel': cancelBill,
    'bills.delay': delayBill,
    'bills.pay': payOne,
    'bills.reversePayment': reversePayment,
  },
  sources: {
    // /report/chainOutgoingList: per contract, its ledger money and its bills (contractOutgoings.json).
    'settlement.contractOutgoings': { select: contractOutgoings, columns: CONTRACT_OUTGOING_COLUMNS },
    'settlement.clearingRuns': { select: clearingRunRecords, columns: ['billsIn', 'amountIn', 'amountCleared'] },
    'settlement.clearingUnsettled': { select: clearingUnsettledRecords, columns: ['unsettledAmount'] },
  },
  // Payables and receivables totals from the bills table's columns (billTotals.ts).
  totals: { bills: BILL_TOTALS },
  listeners: {
    bills: billNews,
    // After funds' listener: a contract completed (released) bills its buyer for the rest.
    contracts: issueOnCompletion,
  },
  tasks: {
    'settlement.reminders': async (ctx, now) => {
      const def = ctx.resources.get('bills')?.def;
      return def ? remindDue(ctx.db, def, now) : 0;
    },
    'settlement.dailyClearing': (ctx, now) => runDailyClearing(ctx.db, now),
  },
  jobs: [
    (app, ctx) => {
      const def = ctx.resources.get('bills')?.def;
      setBillsDefinition(def);
      scheduleReminders(app, ctx.db, def, () => ctx.clock.now());
    },
    (app, ctx) => scheduleDailyClearing(app, ctx.db, () => ctx.clock.now(), ctx.config.production),
  ],
};
