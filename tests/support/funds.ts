// Money test data shared by the API suites and the browser journeys (issue 8): an approved
// account with a bank account on its authentication, money deposited by ops, and calls that
// carry an Idempotency-Key like the console does.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { MessageView, Page, TodoView, WalletView } from '../../src/shared/api';
import { checkLedger, ledgerSound } from '../../src/server/ledger/invariants';
import { needsSmsCode } from '../../src/shared/resources/actionInput';
import type { ActionDeclaration, ResourceRecord } from '../../src/shared/resources/types';
import contracts from '../../schemas/resources/contracts.json';
import { authentications, users } from '../../src/server/db/schema';
import { loginPassword, sendCode } from './flows';
import { offerBody, tradingParty, type TradingParty } from './trading';
import { startTestServer, type TestServer } from './server';

/** An approved enterprise whose authentication names a bank account (where withdrawals go). */
export async function bankedParty(s: TestServer, name: string): Promise<TradingParty> {
  const party = await tradingParty(s, name);
  const [owner] = await s.ctx.db.select().from(users).where(eq(users.phone, party.phone));
  const now = s.clock.now();
  await s.ctx.db.insert(authentications).values({
    accountId: party.accountId,
    kind: 'enterprise',
    status: 'approved',
    data: { name, bankAccountName: name, bankAccount: '6222020200112233445', bankBranch: { bank: '中国工商银行', region: ['33', '3301', '330106'], branch: '杭州西湖支行' } },
    submittedBy: owner.id,
    submittedAt: now,
    reviewedAt: now,
  });
  return party;
}

/** A POST with a fresh Idempotency-Key (one user intent). */
export const money = <T = ResourceRecord>(s: TestServer, token: string, path: string, body: unknown = {}, key: string = randomUUID()) =>
  s.call<T>('POST', path, { token, body, headers: { 'Idempotency-Key': key } });

/** The account declares a deposit and ops confirm it: `amount` is then available. */
export async function fund(s: TestServer, party: { token: string }, opsToken: string, amount: string): Promise<ResourceRecord> {
  const declared = await s.call<ResourceRecord>('POST', '/api/r/deposits', {
    token: party.token,
    body: { amount, payerName: '杭州付款有限公司', payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference: `REF${Date.now()}` },
  });
  expect(declared.status).toBe(200);
  const confirmed = await money(s, opsToken, `/api/r/deposits/${declared.body.data.id}/actions/confirm`);
  expect(confirmed.status).toBe(200);
  return confirmed.body.data;
}

export const wallet = async (s: TestServer, token: string) => (await s.call<WalletView>('GET', '/api/funds/wallet', { token })).body.data;

/** The titles of `who`'s latest 50 messages. */
export const messageTitles = async (s: TestServer, who: { token: string }) =>
  (await s.call<Page<MessageView>>('POST', '/api/system/message/list', { token: who.token, body: { pageNo: 1, pageSize: 50 } })).body.data.records.map((m) => m.title);

/** `who`'s open todos (the first 50). */
export const openTodos = async (s: TestServer, who: { token: string }) =>
  (await s.call<Page<TodoView>>('POST', '/api/system/newTodo/todoList', { token: who.token, body: { pageNo: 1, pageSize: 50 } })).body.data.records;

/** The ledger's invariants hold on `s`'s database, every bill's open amount among them. */
export async function expectLedgerSound(s: TestServer): Promise<void> {
  const result = await checkLedger(s.ctx.db, s.ctx.ledgerInvariants);
  expect(result.billOpenAmounts).toEqual([]);
  expect(ledgerSound(result)).toBe(true);
}

/** A purchase offer of `buyer` accepted by `seller` and signed by both: a contract ready for its collateral. */
export async function signedContract(s: TestServer, buyer: TradingParty, seller: TradingParty, title: string, extra: Record<string, unknown> = {}): Promise<ResourceRecord> {
  const created = await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: buyer.token, body: offerBody(title, extra) });
  expect(created.status).toBe(200);
  await s.call('POST', `/api/r/purchaseOffers/${created.body.data.id}/actions/publish`, { token: buyer.token, body: {} });
  const accepted = await s.call<ResourceRecord>('POST', `/api/r/purchaseOffers/${created.body.data.id}/actions/accept`, { token: seller.token, body: {} });
  const id = String(accepted.body.data.contractId);
  for (const who of [buyer, seller]) {
    const smsCode = await sendCode(s, who.phone, 'verify', who.token);
    const signed = await s.call('POST', `/api/r/contracts/${id}/actions/sign`, { token: who.token, body: { smsCode } });
    expect(signed.status).toBe(200);
  }
  return (await s.call<ResourceRecord>('GET', `/api/r/contracts/${id}`, { token: buyer.token })).body.data;
}

const CONTRACT_ACTIONS = new Map((contracts.actions as ActionDeclaration[]).map((a) => [a.name, a]));

/**
 * A money step of a contract that must succeed: `who` (a party, or an ops token) runs `action`,
 * with a fresh SMS code of its own when the action asks for one; answers the contract after it.
 */
export async function contractStep(s: TestServer, who: TradingParty | string, id: string, action: string, body: Record<string, unknown> = {}): Promise<ResourceRecord> {
  const token = typeof who === 'string' ? who : who.token;
  const declared = CONTRACT_ACTIONS.get(action);
  const smsCode = typeof who !== 'string' && declared && needsSmsCode(declared) ? await sendCode(s, who.phone, 'verify', who.token) : undefined;
  const res = await money(s, token, `/api/r/contracts/${id}/actions/${action}`, smsCode ? { ...body, smsCode } : body);
  expect(res.status, `${action} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

/** The accounts of a money suite: ops signed in, a buyer (banked) funded with `funds`, a seller and a third account. */
export interface MoneyParties {
  ops: string;
  buyer: TradingParty;
  seller: TradingParty;
  third: TradingParty;
}

export async function moneyParties(s: TestServer, admin: { phone: string; password: string }, names: { buyer: string; seller: string; third: string }, funds: string): Promise<MoneyParties> {
  const ops = (await loginPassword(s, admin.phone, admin.password)).body.data.access_token;
  const buyer = await bankedParty(s, names.buyer);
  const seller = await tradingParty(s, names.seller);
  const third = await tradingParty(s, names.third);
  await fund(s, buyer, ops, funds);
  return { ops, buyer, seller, third };
}

/** A money suite's server and its accounts (moneyParties). */
export interface MoneySuite extends MoneyParties {
  s: TestServer;
}

/**
 * The set-up of a money suite's describe block: before its first test a server whose platform
 * operations sign in as `admin`, and moneyParties on it, handed to `take` (the block's own
 * variables); after its last test the server closes. A block that needs more (a contract, a bill)
 * adds a beforeAll of its own after this one: hooks run in the order they are declared.
 */
export function moneySuite(admin: { phone: string; password: string }, names: { buyer: string; seller: string; third: string }, funds: string, take: (suite: MoneySuite) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_PHONE: admin.phone, ADMIN_PASSWORD: admin.password });
    take({ s: server, ...(await moneyParties(server, admin, names, funds)) });
  }, 240_000);
  afterAll(() => server?.close());
}
