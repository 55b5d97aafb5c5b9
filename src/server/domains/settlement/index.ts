// The settlement domain (issue 18, DESIGN §9): bills (confirmed debts, schemas/resources/bills.json) issued
// when a contract completes or by a payee, confirmed with an SMS code, delayed, paid whole, in
// part or several at once (routes.ts), reversed by ops; their money row (store.ts, what mutual
// netting reads and writes down), their messages, todos and reminders (news.ts); mutual netting's
// clearing runs (clearing.ts: ops start one, or the daily job; clearingSources.ts: their pages;
// chains through the accounts that allow them, clearingChains.ts and chainConsent.ts);
// the outgoing detail report of each contract (outgoing.ts); circulating bills: a holder passes part
// of a bill on to its own creditor (passOn.ts, the offer billTransfers.json), who accepts (the
// split, transfers.ts); a bill's family as a tree (family.ts); what a clearing run would do now
// (preview.ts, a dry run).
import type { Domain } from '../../domain';
import { issueBill, issueOnCompletion } from './issue';
import { billMoneyRow, billNews, remindDue, transferNews } from './news';
import { passOnBill } from './passOn';
import { acceptTransfer, expireTransfers, refuseTransfer } from './transfers';
import familyRoutes from './family';
import previewRoutes from './preview';
import { CONTRACT_OUTGOING_COLUMNS, contractOutgoings } from './outgoing';
import { payOne, reversePayment } from './pay';
import settlementRoutes from './routes';
import clearingRoutes from './clearingRoutes';
import chainConsentRoutes from './chainConsent';
import { DAILY_CLEARING_EVERY_MS, initNettingWorker, runDailyClearing } from './clearingJob';
import { clearingRunRecords, clearingUnsettledRecords } from './clearingSources';
import { cancelBill, confirmBill, delayBill, rejectBill } from './steps';
import { BILL_FIGURES, BILL_TOTALS } from './billTotals';
import { SETTLEMENT_INVARIANTS } from './invariants';

export const settlement: Domain = {
  name: 'settlement',
  routes: [settlementRoutes, clearingRoutes, chainConsentRoutes, familyRoutes, previewRoutes],
  invariants: SETTLEMENT_INVARIANTS,
  createHandlers: { 'bills.issue': issueBill },
  handlers: {
    'bills.confirm': confirmBill,
    'bills.reject': rejectBill,
    'bills.cancel': cancelBill,
    'bills.delay': delayBill,
    'bills.pay': payOne,
    'bills.reversePayment': reversePayment,
    'bills.passOn': passOnBill,
    'billTransfers.accept': acceptTransfer,
    'billTransfers.refuse': refuseTransfer,
  },
  sources: {
    // /report/chainOutgoingList: per contract, its ledger money and its bills (contractOutgoings.json).
    'settlement.contractOutgoings': { select: contractOutgoings, columns: CONTRACT_OUTGOING_COLUMNS },
    'settlement.clearingRuns': { select: clearingRunRecords, columns: ['billsIn', 'amountIn', 'amountCleared'] },
    'settlement.clearingUnsettled': { select: clearingUnsettledRecords, columns: ['unsettledAmount'] },
  },
  // A bill's paid, cleared and open amounts are the bills table's, and so are the lists' totals (billTotals.ts).
  tableFields: { bills: BILL_FIGURES },
  totals: { bills: BILL_TOTALS },
  news: { bills: billNews, billTransfers: transferNews },
  listeners: {
    bills: billMoneyRow,
    // A contract completed bills its buyer for the rest (the collateral is released by the action's handler).
    contracts: issueOnCompletion,
  },
  tasks: {
    'settlement.reminders': (ctx, now) => remindDue(ctx, now),
    'settlement.dailyClearing': (ctx, now) => runDailyClearing(ctx, now),
    'settlement.expireTransfers': (ctx, now) => expireTransfers(ctx, now),
  },
  jobs: [
    { task: 'settlement.reminders', every: 60_000 },
    { task: 'settlement.dailyClearing', every: DAILY_CLEARING_EVERY_MS },
    { task: 'settlement.expireTransfers', every: 60_000 },
  ],
  init: (app, ctx) => initNettingWorker(app, ctx.config.production),
};
