// The wallet's figures and the ledger check (issue 8):
//   GET /api/funds/wallet        the caller's account: available, held (withdrawals), in escrow, objection deposits
//   GET /api/funds/bank-accounts where deposits are transferred to (the platform's receiving account) and withdrawals go (the caller's)
//   GET /api/funds/flows/daily   the caller's inflow and outflow per China day, the last 30 days (home)
//   GET /api/ops/ledger/check    the ledger invariants (the core's and the domains', src/server/ledger/invariants.ts) on the live database (ops), as npm run ledger:check prints them
import type { FastifyInstance } from 'fastify';
import type { FundsBankAccounts, WalletView } from '../../../shared/api';
import { fenToYuan } from '../../../shared/money';
import type { DomainContext } from '../../domain';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { walletFigures } from '../../ledger/accounts';
import { checkLedger } from '../../ledger/invariants';
import { answers, nullable, obj, record, t } from '../../openapi/kit';
import { ownBankAccount } from './accountFacts';
import { dailyFlows } from './flows';
import { FLOW_CHART_DAYS } from '../../../shared/constants';

const tags = ['funds'];
const money = { type: 'string', format: 'money' };
const bankAccount = record({ accountName: { type: 'string', description: 'The account holder' }, bankName: { type: 'string', description: 'Bank and branch' }, account: { type: 'string', description: 'The account number' } });

const S = {
  wallet: {
    tags,
    summary: "The caller's account balances, yuan strings with two decimals",
    description: "Answers the caller's account balances in yuan: available to spend or withdraw, held by withdrawals in progress, paid into escrow as collateral, and objection deposits paid.",
    response: answers(record({ available: money, held: money, escrow: money, objectionDeposits: money }), 'The balances'),
  },
  bankAccounts: {
    tags,
    summary: "Where a deposit is transferred to (the platform's receiving account) and where the caller's withdrawals go",
    description: "Answers the platform's receiving bank account for deposits (null when none is configured) and the caller's own, from its approved authentication, where withdrawals go (null without one).",
    response: answers(record({ platform: nullable(bankAccount), own: nullable(bankAccount) }), 'The bank accounts'),
  },
  flows: {
    tags,
    summary: "The caller's wallet inflow and outflow per China day over the last 30 days, oldest first (yuan strings)",
    description: `Answers the caller's wallet inflow and outflow per China day for the last ${FLOW_CHART_DAYS} days, oldest first, in yuan.`,
    response: answers(t.list(record({ day: { ...t.date, description: 'China day' }, inflow: money, outflow: money })), 'The days'),
  },
  ledgerCheck: {
    tags,
    summary: 'The ledger invariants: each with the rows that break it (none when sound)',
    description: 'Runs every ledger invariant (the core\'s and each domain\'s) on the live database and answers each with whether it holds and up to 20 rows that break it. Platform operations only.',
    querystring: obj({}),
    response: answers(t.list(record({ name: { type: 'string' }, description: { type: 'string' }, ok: { type: 'boolean' }, rows: t.list({ type: 'object', description: 'A row that breaks it' }) })), 'The invariants'),
  },
};

export default async function fundsRoutes(app: FastifyInstance, ctx: DomainContext) {
  const { db } = ctx;
  app.get('/funds/wallet', { schema: S.wallet, preHandler: app.requirePermission('funds', 'query') }, async (req) => {
    const f = await walletFigures(db, currentUser(req).accountId);
    const view: WalletView = { available: fenToYuan(f.available), held: fenToYuan(f.held), escrow: fenToYuan(f.escrow), objectionDeposits: fenToYuan(f.objectionDeposits) };
    return ok(req, view);
  });
  app.get(
    '/funds/bank-accounts',
    { schema: S.bankAccounts, preHandler: app.requirePermission('funds', 'query') },
    async (req) => {
      const view: FundsBankAccounts = { platform: ctx.config.platformAccount ?? null, own: await ownBankAccount(db, currentUser(req).accountId) };
      return ok(req, view);
    },
  );
  app.get(
    '/funds/flows/daily',
    { schema: S.flows, preHandler: app.requirePermission('funds', 'query') },
    async (req) => ok(req, await dailyFlows(db, currentUser(req).accountId, FLOW_CHART_DAYS, ctx.clock.now())),
  );
  app.get('/ops/ledger/check', { schema: S.ledgerCheck, preHandler: app.requirePermission('ops', 'query') }, async (req) => {
    const result = await checkLedger(db, ctx.ledgerInvariants);
    return ok(req, Object.entries(result).map(([name, rows]) => ({ name, description: ctx.ledgerInvariants[name].description, ok: rows.length === 0, rows: rows.slice(0, 20) })));
  });
}
