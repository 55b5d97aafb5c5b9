// The world builder (tests/support/world.ts) makes what it is asked for, as the product's users
// would: an approved, funded party; a contract in each state; a bill in each state. What a test
// built on it starts from is checked here, from the side of the accounts that see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WalletView } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { PERSON_CARD, World, type ContractState } from '../support/world';

const OPS = { phone: '13800000191', password: 'Admin#World2026' };

describe.skipIf(!dbAvailable)('world builder', { timeout: 240_000 }, () => {
  let s: TestServer;
  let world: World;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password });
    world = new World({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
  });
  afterAll(() => s?.close());

  const get = async <T = ResourceRecord>(path: string, token: string) => {
    const res = await s.call<T>('GET', path, { token });
    expect(res.status, path).toBe(200);
    return res.body.data;
  };

  it('makes an approved enterprise with its bank account and a confirmed balance, signed in and settled', async () => {
    const party = await world.party({ name: '杭州世界测试有限公司', approved: true, balance: '100000.00' });
    const info = await get<{ accountId: string; authStatus: string }>('/api/system/users/info', party.token);
    expect(info.accountId).toBe(party.accountId);
    expect(info.authStatus).toBe('approved');
    expect(await get<WalletView>('/api/funds/wallet', party.token)).toMatchObject({ available: '100000.00', held: '0.00', escrow: '0.00' });
    const auth = await get<{ latest: { status: string; data: Record<string, unknown> } }>('/api/system/authentication/current', party.token);
    expect(auth.latest).toMatchObject({ status: 'approved', data: { name: '杭州世界测试有限公司', bankAccountName: '杭州世界测试有限公司' } });
    expect(await get<unknown[]>('/api/system/notice/unread?platform=lsf', party.token)).toEqual([]);
  });

  it('makes a personal account that is neither approved nor funded unless asked', async () => {
    const person = await world.party();
    const info = await get<{ authStatus: string }>('/api/system/users/info', person.token);
    expect(info.authStatus).toBe('unverified');
    expect((await get<WalletView>('/api/funds/wallet', person.token)).available).toBe('0.00');
    // A server without an ops login: an approval says why it cannot be made.
    const noOps = new World({ baseUrl: s.baseUrl, clock: s.clock });
    await expect(noOps.party({ name: '无运营测试有限公司', approved: true })).rejects.toThrow(/no platform operations login/);
  });

  it('makes an approved person who withdraws to the bank card of its authentication', async () => {
    const person = await world.party({ approved: true, balance: '3000.00' });
    expect(person.name).toBe('王小明');
    const accounts = await get<{ own: { accountName: string; account: string; bankName: string } | null }>('/api/funds/bank-accounts', person.token);
    expect(accounts.own).toEqual({ accountName: '王小明', account: PERSON_CARD, bankName: '中国建设银行' });
    const draft = await s.call<ResourceRecord>('POST', '/api/r/withdrawals', { token: person.token, body: { amount: '1200.00' } });
    expect(draft.body.data).toMatchObject({ state: 'draft', bankAccountName: '王小明', bankAccount: PERSON_CARD, bankName: '中国建设银行', accountName: '王小明' });
  });

  it('refuses a person\'s authentication whose card number fails its check digit, and writes nothing', async () => {
    const person = await world.party();
    const uploads = await Promise.all(Array.from({ length: 5 }, () => world.api.upload(person.token, 'card.png')));
    const res = await s.call('POST', '/api/system/authentication/submit', {
      token: person.token,
      body: { kind: 'personal', data: { name: '王小明', sex: 'male', occupation: 'employee', phone: person.phone, idNumber: '11010519491231002X', idExpiry: 'longTerm', idImages: uploads.slice(0, 3), bankCardNumber: '6217001540012345678', bankName: '中国建设银行', bankCardImages: uploads.slice(3, 5), location: ['33', '3301', '330106'], industry: '52' } },
    });
    expect(res.status).toBe(400);
    expect(Object.keys((res.body as { data: Record<string, unknown> }).data)).toContain('bankCardNumber');
    expect((await get<{ latest: unknown }>('/api/system/authentication/current', person.token)).latest).toBeNull();
  });

  it.each<[ContractState, { buyerAvailable: string; buyerEscrow: string; sellerAvailable: string }]>([
    ['pendingSignature', { buyerAvailable: '100000.00', buyerEscrow: '0.00', sellerAvailable: '0.00' }],
    ['rejected', { buyerAvailable: '100000.00', buyerEscrow: '0.00', sellerAvailable: '0.00' }],
    ['signed', { buyerAvailable: '100000.00', buyerEscrow: '0.00', sellerAvailable: '0.00' }],
    ['collateralPaid', { buyerAvailable: '84000.00', buyerEscrow: '16000.00', sellerAvailable: '0.00' }],
    ['delivered', { buyerAvailable: '84000.00', buyerEscrow: '16000.00', sellerAvailable: '0.00' }],
    // The collateral (20% of 80,000.00) goes to the seller; the rest is billed to the buyer.
    ['completed', { buyerAvailable: '84000.00', buyerEscrow: '0.00', sellerAvailable: '16000.00' }],
    ['refunded', { buyerAvailable: '100000.00', buyerEscrow: '0.00', sellerAvailable: '0.00' }],
  ])('makes a contract %s, the money where that state puts it', async (state, figures) => {
    const { id, buyer, seller, record } = await world.contract({ state });
    expect(record.state).toBe(state);
    expect((await get(`/api/r/contracts/${id}`, seller.token)).state).toBe(state);
    const buyerWallet = await get<WalletView>('/api/funds/wallet', buyer.token);
    expect({ available: buyerWallet.available, escrow: buyerWallet.escrow }).toEqual({ available: figures.buyerAvailable, escrow: figures.buyerEscrow });
    expect((await get<WalletView>('/api/funds/wallet', seller.token)).available).toBe(figures.sellerAvailable);
  });

  it('makes bills between two parties in each state, paid from the payer to the payee', async () => {
    const payer = await world.party({ name: '杭州世界付款有限公司', approved: true, balance: '100000.00' });
    const payee = await world.party({ name: '苏州世界收款有限公司', approved: true });
    const { id: contractId } = await world.contract({ state: 'signed', buyer: payer, seller: payee });
    for (const state of ['pendingConfirmation', 'rejected', 'cancelled', 'confirmed'] as const) {
      expect((await world.bill({ state, payer, payee, contractId })).state).toBe(state);
    }
    const part = await world.bill({ state: 'partiallyPaid', payer, payee, contractId, amount: '3000.00', paidPart: '1000.00' });
    const paid = await world.bill({ state: 'paid', payer, payee, contractId, amount: '2000.00' });
    expect([part.state, paid.state]).toEqual(['partiallyPaid', 'paid']);
    expect((await get<WalletView>('/api/funds/wallet', payer.token)).available).toBe('97000.00');
    expect((await get<WalletView>('/api/funds/wallet', payee.token)).available).toBe('3000.00');
    const payables = await get<Page<ResourceRecord>>('/api/r/bills?scope=payer&pageSize=100', payer.token);
    expect(payables.records.map((b) => b.state).sort()).toEqual(['cancelled', 'confirmed', 'paid', 'partiallyPaid', 'pendingConfirmation', 'rejected']);
  });
});
