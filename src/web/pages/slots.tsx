// What the domain pages put in the generic resource pages' slots (src/web/resources/slots.tsx),
// all in this one object, provided by the console's <Refine> root (src/web/routing/RefineRoot.tsx).
// Components are lazy: each loads with the first page that shows it, not with the console.
import { lazy } from 'react';
import { isChartedReport } from '../../shared/reportCharts';
import type { SlotProps, SlotRegistry } from '../resources/slots';

const RecordReceipts = lazy(() => import('./receipts/RecordReceipts'));
const SigningDocument = lazy(() => import('./contracts/SigningDocument'));
const MoneyActionSummary = lazy(() => import('./funds/MoneyActionSummary'));
const DepositTarget = lazy(() => import('./funds/DepositTarget'));
const WithdrawalTarget = lazy(() => import('./funds/WithdrawalTarget'));
const TradeTotals = lazy(() => import('./offers/TradeTotals'));
const ContractProgress = lazy(() => import('./contracts/ContractProgress'));
const RequestPayments = lazy(() => import('./requests/RequestPayments'));
const RequestHeadroom = lazy(() => import('./requests/RequestHeadroom'));

const isRequest = ({ definition }: { definition: SlotProps['recordFooter']['definition'] }) => definition.name === 'paymentRequests';

/** A payment request's payments, with their receipts (under a bill, the bill's payments made for it). */
function Payments({ record }: SlotProps['recordFooter']) {
  return <RequestPayments id={record.id} version={record.version} underBill={Boolean(record.billId)} />;
}
const PayBillsPanel = lazy(() => import('./settlement/PayBillsPanel'));
const StartClearingRun = lazy(() => import('./settlement/StartClearingRun'));
const ReportChart = lazy(() => import('./funds/ReportChart'));
const RecordsChart = lazy(() => import('./settlement/RecordsChart'));
const BillFamily = lazy(() => import('./settlement/BillFamily'));
const ClearingPreview = lazy(() => import('./settlement/ClearingPreview'));

/** A bill's family: the original bill and the parts passed on from it, as a tree. */
function Family({ record }: SlotProps['recordFooter']) {
  return <BillFamily id={record.id} version={record.version} />;
}

/** The receipts of the money a record moved; keyed by its version, so a money action adds its receipt. */
function Receipts({ definition, record }: SlotProps['recordFooter']) {
  return <RecordReceipts resource={definition.name} id={record.id} version={record.version} />;
}

/** What a party signs: the document and its SHA-256, above the SMS code. */
function Signing({ definition, recordId }: SlotProps['actionPreface']) {
  return <SigningDocument resource={definition.name} id={recordId} />;
}

/** Accepting an offer: the contract's amount and collateral it makes, by the server's rule. */
function AcceptTotals({ definition, record }: SlotProps['actionPreface']) {
  return <TradeTotals definition={definition} data={record} editing={false} />;
}

/** The resources whose amounts the server derives from quantity, price and ratio (src/shared/tradeAmounts.ts). */
const TRADE_COMPUTES = new Set(['offers.amounts', 'contracts.amounts']);
const tradesAmounts = ({ definition }: { definition: SlotProps['formSummary']['definition'] }) => TRADE_COMPUTES.has(definition.compute ?? '');

export const SLOTS: SlotRegistry = {
  recordHeader: {
    // The contracts: their lifecycle steps and the caller's next action (issue 17).
    contractProgress: { when: ({ definition }) => definition.name === 'contracts', component: ContractProgress },
  },
  recordFooter: {
    // A resource whose file declares money actions.
    receipts: { when: ({ definition }) => Boolean(definition.actions?.some((action) => action.money)), component: Receipts },
    // A payment request: its payments and their receipts.
    requestPayments: { when: isRequest, component: Payments },
    // A bill passed on in parts (issue 31): its family as a tree.
    billFamily: { when: ({ definition }) => definition.name === 'bills', component: Family },
  },
  actionPreface: {
    // An action whose file declares it a signature.
    signingDocument: { when: ({ action }) => Boolean(action.signature), component: Signing },
    // A money step: the amount, the other side and the balance before and after (what its resource file's `moves` declares).
    moneySummary: { when: ({ action }) => Boolean(action.money), component: MoneyActionSummary },
    // Accepting an offer makes a contract: its total and collateral.
    acceptTotals: { when: (props) => props.action.name === 'accept' && tradesAmounts(props), component: AcceptTotals },
  },
  listHeader: {
    // The account's reports (paymentInventory, entropyList, withdrawalList): their last 30 days as a chart; not ops' queues.
    reportChart: { when: ({ definition, scope }) => isChartedReport(definition.name) && scope !== 'ops', component: ReportChart },
    // The clearing runs (latest 30) and the outgoing detail (10 largest contracts) as charts.
    recordsChart: { when: ({ definition }) => ['clearingRuns', 'contractOutgoings'].includes(definition.name), component: RecordsChart },
    // Above the clearing runs: what a run would do now (a dry run; a participant's side, or every participant for ops).
    clearingPreview: { when: ({ definition }) => definition.name === 'clearingRuns', component: ClearingPreview },
  },
  formPreface: {
    // Where to transfer a deposit to; what a withdrawal may take and where it goes.
    depositTarget: { when: ({ definition }) => definition.name === 'deposits', component: DepositTarget },
    withdrawalTarget: { when: ({ definition, editing }) => definition.name === 'withdrawals' && !editing, component: WithdrawalTarget },
  },
  formSummary: {
    // An offer's or a contract's total and collateral, as the server will compute them, while the user types.
    tradeTotals: { when: tradesAmounts, component: TradeTotals },
    // A payment request: what the chosen contract or bill still leaves to request (never changes the amount typed).
    requestHeadroom: { when: ({ definition, editing }) => definition.name === 'paymentRequests' && !editing, component: RequestHeadroom },
  },
  listButtons: {
    // Ops start a mutual-netting clearing run from the runs list (the button shows for the ops grant only).
    startClearingRun: { when: ({ definition }) => definition.name === 'clearingRuns', component: StartClearingRun },
  },
  listSelection: {
    // The payer's owed bills (/contractUpdate/contractPayment): several paid in one payment.
    payBills: { when: ({ definition, scope, states }) => definition.name === 'bills' && scope === 'payer' && Boolean(states?.includes('confirmed')), component: PayBillsPanel },
  },
};
