// The money domain (issue 8): deposits and withdrawals (schemas/resources/deposits.json,
// withdrawals.json), a contract's collateral and objection deposit (contracts.json's money
// actions and the automatic release), the wallet's flows as list sources, the wallet and ledger
// check routes, and the messages and todos these produce. Handlers post ledger transfers
// (src/server/ledger) in the action's transaction.
import type { Domain } from '../../domain';
import { releaseDue } from './autoRelease';
import * as collateral from './collateral';
import { contractMoneyNews } from './contractNews';
import * as deposits from './deposits';
import { accountFlows, escrowSettlements, objectionDeposits } from './flows';
import { FUNDS_INVARIANTS } from './invariants';
import fundsRoutes from './routes';
import * as withdrawals from './withdrawals';

export const funds: Domain = {
  name: 'funds',
  routes: [fundsRoutes],
  invariants: FUNDS_INVARIANTS,
  createHandlers: {
    'deposits.declare': deposits.declare,
    'withdrawals.request': withdrawals.request,
  },
  handlers: {
    'deposits.confirm': deposits.confirm,
    'withdrawals.hold': withdrawals.holdAmount,
    'withdrawals.complete': withdrawals.complete,
    'withdrawals.fail': withdrawals.fail,
    'contracts.payCollateral': collateral.payCollateral,
    'contracts.deliver': collateral.deliver,
    'contracts.confirmReceipt': collateral.confirmReceipt,
    'contracts.object': collateral.object,
    'contracts.resolveRefund': collateral.resolveRefund,
    'contracts.resolveRelease': collateral.resolveRelease,
  },
  sources: {
    'ledger.accountFlows': { select: accountFlows, columns: ['kind', 'direction', 'amount'] },
    'ledger.escrowSettlements': { select: escrowSettlements, columns: ['kind', 'direction', 'amount'] },
    'ledger.objectionDeposits': { select: objectionDeposits, columns: ['amount'] },
  },
  news: {
    deposits: deposits.depositNews,
    withdrawals: withdrawals.withdrawalNews,
    // The contract's money steps; its signing steps are trading's (same event, written first: trading comes first in the domain list).
    contracts: contractMoneyNews,
  },
  tasks: {
    'funds.autoRelease': (ctx, now) => releaseDue(ctx, now),
  },
  jobs: [{ task: 'funds.autoRelease', every: 60_000 }],
};
