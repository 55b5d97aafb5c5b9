// Trading, signing (issue 7): the server computes amounts in fen; the contract document renders
// the same for both parties with its SHA-256; each party signs once with a fresh SMS code of
// its own phone; the first signature fixes the hash and a changed document cannot be signed;
// messages and todos reach the right party and close when done. Races on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import type { ResourceRecord, SignatureRecord } from '../../src/shared/resources/types';
import { accounts } from '../../src/server/db/schema';
import { consolePathFor } from '../support/consolePaths';
import { sendCode } from '../support/flows';
import { offerBody, tradingParty, type TradingParty } from '../support/trading';
import { dbAvailable, startTestServer, testDbKind, type TestServer } from '../support/server';

type Party = TradingParty;
type Contract = ResourceRecord & { signatures?: SignatureRecord[]; documentSha256?: string };
type Doc = { title: string; text: string; sha256: string; signedSha256: string | null; signatures: SignatureRecord[] };
type Todo = { kind: string; title: string; link: string; status: string };
type Message = { kind: string; title: string; content: string; link: string };

describe.skipIf(!dbAvailable)('contract signing', () => {
  let s: TestServer;
  let buyer: Party;
  let seller: Party;
  let third: Party;

  const party = (name: string) => tradingParty(s, name);
  /** A published offer of the buyer, accepted by the seller: the contract. */
  const contract = async (title: string, extra: Record<string, unknown> = {}): Promise<Contract> => {
    const body = offerBody(title, extra);
    const created = await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: buyer.token, body });
    expect(created.status).toBe(200);
    await s.call('POST', `/api/r/purchaseOffers/${created.body.data.id}/actions/publish`, { token: buyer.token, body: {} });
    const accepted = await s.call<ResourceRecord>('POST', `/api/r/purchaseOffers/${created.body.data.id}/actions/accept`, { token: seller.token, body: {} });
    expect(accepted.status).toBe(200);
    return read(buyer, accepted.body.data.contractId as string);
  };
  const read = async (who: Party, id: string) => (await s.call<Contract>('GET', `/api/r/contracts/${id}`, { token: who.token })).body.data;
  const documentOf = (who: Party, id: string) => s.call<Doc>('GET', `/api/r/contracts/${id}/document`, { token: who.token });
  const sign = (who: Party, id: string, smsCode?: string, key?: string) =>
    s.call<Contract>('POST', `/api/r/contracts/${id}/actions/sign`, { token: who.token, body: smsCode === undefined ? {} : { smsCode }, headers: key ? { 'Idempotency-Key': key } : {} });
  const codeFor = (who: Party) => sendCode(s, who.phone, 'verify', who.token);
  const todosOf = async (who: Party) =>
    (await s.call<Page<Todo>>('POST', '/api/system/newTodo/todoList', { token: who.token, body: { status: 'all', pageSize: 100 } })).body.data.records;
  const messagesOf = async (who: Party) => (await s.call<Page<Message>>('POST', '/api/system/message/list', { token: who.token, body: { pageSize: 100 } })).body.data.records;

  beforeAll(async () => {
    s = await startTestServer();
    buyer = await party('杭州签约买方有限公司');
    seller = await party('苏州签约卖方有限公司');
    third = await party('宁波旁观签约有限公司');
  });
  afterAll(() => s?.close());

  it('computes amounts in fen on the server, replacing what the client sent', async () => {
    const sent = { title: '小数数量报价', goodsName: '铜板', unit: 'kg', quantity: 12.5, unitPrice: '4000.05', amount: '1.00', deliveryDate: '2099-12-01', validUntil: '2099-12-31', deliveryRegion: ['33', '3301', '330106'] };
    const created = await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: buyer.token, body: sent });
    // 12.5 x 4000.05 = 50000.625 -> 50000.63 (half up, to the fen)
    expect(created.body.data.amount).toBe('50000.63');
    const edited = await s.call<ResourceRecord>('PUT', `/api/r/purchaseOffers/${created.body.data.id}`, {
      token: buyer.token,
      body: { ...sent, quantity: 3, amount: '999999.00', version: created.body.data.version },
    });
    expect(edited.body.data.amount).toBe('12000.15');
    const precise = await s.call('POST', '/api/r/purchaseOffers', { token: buyer.token, body: { ...sent, quantity: 1.005 } });
    expect(precise.status).toBe(400);
    expect(Object.keys(precise.body.data as object)).toEqual(['quantity']);

    const c = await contract('金额由服务器计算的合同');
    expect(c).toMatchObject({ amount: '80000.00', collateralRatio: 20, collateralAmount: '16000.00' });
  });

  it('renders one document for both parties, amounts in figures and capitals; strangers get 404', async () => {
    const c = await contract('文本一致的合同');
    const [forBuyer, forSeller] = await Promise.all([documentOf(buyer, c.id), documentOf(seller, c.id)]);
    expect(forBuyer.status).toBe(200);
    expect(forSeller.body.data).toEqual(forBuyer.body.data);
    const doc = forBuyer.body.data;
    expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.signedSha256).toBeNull();
    for (const part of [c.id, buyer.name, seller.name, '80,000.00', '捌万元整', '16,000.00', '壹万陆仟元整', '浙江省杭州市西湖区', '货到验收后付款']) expect(doc.text).toContain(part);
    // The contract's language, whoever reads it.
    expect((await s.call<Doc>('GET', `/api/r/contracts/${c.id}/document`, { token: seller.token, lang: 'en-US' })).body.data.sha256).toBe(doc.sha256);
    expect((await documentOf(third, c.id)).status).toBe(404);
    expect((await s.call('GET', `/api/r/purchaseOffers/${c.offerId as string}/document`, { token: buyer.token })).status).toBe(404);
  });

  it('signs once per party with a fresh SMS code; the first signature fixes the hash; both -> signed', async () => {
    const c = await contract('双方签署的合同');
    const { sha256 } = (await documentOf(buyer, c.id)).body.data;

    const noCode = await sign(buyer, c.id);
    expect(noCode.status).toBe(400);
    expect(Object.keys(noCode.body.data as object)).toEqual(['smsCode']);
    const code = await codeFor(buyer);
    const wrong = await sign(buyer, c.id, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect((await read(buyer, c.id)).signatures ?? []).toEqual([]);
    // Not the third account's to sign, whatever its code.
    expect((await sign(third, c.id, await codeFor(third))).status).toBe(404);

    const first = await sign(buyer, c.id, code);
    expect(first.status).toBe(200);
    expect(first.body.data.state).toBe('pendingSignature');
    expect(first.body.data.documentSha256).toBe(sha256);
    expect(first.body.data.signatures).toEqual([
      expect.objectContaining({ role: 'buyer', accountId: buyer.accountId, accountName: buyer.name, phone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/), sha256, ip: expect.any(String) }),
    ]);
    // A used code is spent; signing twice is refused.
    expect((await sign(buyer, c.id, code)).status).toBe(409);
    expect((await sign(buyer, c.id, await codeFor(buyer))).body).toMatchObject({ code: 409 });

    const second = await sign(seller, c.id, await codeFor(seller));
    expect(second.status).toBe(200);
    expect(second.body.data.state).toBe('signed');
    expect(second.body.data.signatures?.map((x) => x.role)).toEqual(['buyer', 'seller']);
    const doc = (await documentOf(seller, c.id)).body.data;
    expect(doc).toMatchObject({ sha256, signedSha256: sha256 });
    expect(doc.signatures).toHaveLength(2);
    // Nobody cancels or rejects a signed contract.
    expect((await s.call('POST', `/api/r/contracts/${c.id}/actions/reject`, { token: buyer.token, body: { reason: '不想要了' } })).status).toBe(409);
  });

  it('counts a wrong code against the code even though the request fails', async () => {
    const c = await contract('验证码试错的合同');
    const code = await codeFor(seller);
    const other = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await sign(seller, c.id, other)).status).toBe(400);
    const exhausted = await sign(seller, c.id, code);
    expect(exhausted.status).toBe(400);
    expect(exhausted.body.data).toEqual({ smsCode: expect.stringMatching(/次数|tries/i) });
    expect((await sign(seller, c.id, await codeFor(seller))).status).toBe(200);
  });

  it('refuses a signature when the document changed since the first one, writing nothing', async () => {
    const c = await contract('文本被改动的合同');
    await sign(buyer, c.id, await codeFor(buyer));
    await s.ctx.db.update(accounts).set({ name: '苏州改名后的卖方有限公司' }).where(eq(accounts.id, seller.accountId));
    try {
      const code = await codeFor(seller);
      const refused = await sign(seller, c.id, code);
      expect(refused.status).toBe(409);
      expect((await read(seller, c.id))).toMatchObject({ state: 'pendingSignature', signatures: [expect.objectContaining({ role: 'buyer' })] });
      const doc = (await documentOf(seller, c.id)).body.data;
      expect(doc.sha256).not.toBe(doc.signedSha256);
      await s.ctx.db.update(accounts).set({ name: seller.name }).where(eq(accounts.id, seller.accountId));
      // The refused request spent nothing: the same code signs once the text is back.
      expect((await sign(seller, c.id, code)).body.data.state).toBe('signed');
    } finally {
      await s.ctx.db.update(accounts).set({ name: seller.name }).where(eq(accounts.id, seller.accountId));
    }
  });

  it('replays a signature with the same Idempotency-Key byte for byte, signing once', async () => {
    const c = await contract('重放签署的合同');
    const code = await codeFor(buyer);
    const first = await sign(buyer, c.id, code, 'sign-replay-1');
    const again = await sign(buyer, c.id, code, 'sign-replay-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
    expect((await read(buyer, c.id)).signatures).toHaveLength(1);
  });

  it('tells each party what the other did, and closes the to-sign todos when done', async () => {
    const c = await contract('通知与待办的合同');
    // Each side's detail page, the one its list, its receipts and the console open (issue 16:
    // these links were /contract/contractbuy/show/:id and /contract/contractsell/show/:id).
    const link = { buyer: `/contract/details?id=${c.id}`, seller: `/contract/supplyDetails?id=${c.id}` };
    for (const who of [buyer, seller]) {
      expect(link[who === buyer ? 'buyer' : 'seller']).toBe(consolePathFor({ resource: 'contracts', id: c.id, record: c, viewer: { accountId: who.accountId } }));
    }
    const toSign = async (who: Party) => (await todosOf(who)).filter((t) => t.kind === 'contractToSign' && t.link === link[who === buyer ? 'buyer' : 'seller']);
    expect(await toSign(buyer)).toEqual([expect.objectContaining({ kind: 'contractToSign', status: 'open', title: expect.stringContaining('通知与待办的合同') })]);
    expect(await toSign(seller)).toEqual([expect.objectContaining({ kind: 'contractToSign', status: 'open' })]);
    const buyerNews = (await messagesOf(buyer)).filter((m) => m.link === link.buyer).map((m) => m.kind);
    expect(buyerNews.sort()).toEqual(['contractToSign', 'offerAccepted']);

    await sign(seller, c.id, await codeFor(seller));
    expect((await toSign(seller)).map((t) => t.status)).toEqual(['done']);
    expect((await toSign(buyer)).map((t) => t.status)).toEqual(['open']);
    expect((await messagesOf(buyer)).find((m) => m.kind === 'contractSignedBy' && m.link === link.buyer)?.content).toContain(seller.name);

    await sign(buyer, c.id, await codeFor(buyer));
    expect((await toSign(buyer)).map((t) => t.status)).toEqual(['done']);
    // Signed: the buyer's next step is the collateral.
    expect((await todosOf(buyer)).filter((t) => t.link === link.buyer && t.kind === 'collateralToPay').map((t) => t.status)).toEqual(['open']);
    for (const [who, path] of [[buyer, link.buyer], [seller, link.seller]] as const) {
      expect((await messagesOf(who)).filter((m) => m.kind === 'contractSigned' && m.link === path)).toHaveLength(1);
    }
    // Nothing of it reaches a third account.
    expect((await messagesOf(third)).some((m) => m.link === link.buyer || m.link === link.seller)).toBe(false);
  });

  it('closes both todos on reject and cancel and tells the other party why', async () => {
    const rejected = await contract('被拒绝的合同');
    expect((await s.call('POST', `/api/r/contracts/${rejected.id}/actions/reject`, { token: buyer.token, body: { reason: '价格过高' } })).status).toBe(200);
    const cancelled = await contract('被取消的合同');
    expect((await s.call('POST', `/api/r/contracts/${cancelled.id}/actions/cancel`, { token: seller.token, body: { reason: '库存不足' } })).status).toBe(200);
    for (const who of [buyer, seller]) {
      const open = (await todosOf(who)).filter((t) => t.status === 'open' && (t.link.endsWith(rejected.id) || t.link.endsWith(cancelled.id)));
      expect(open).toEqual([]);
    }
    expect((await messagesOf(seller)).find((m) => m.kind === 'contractRejected')?.content).toContain('价格过高');
    expect((await messagesOf(buyer)).find((m) => m.kind === 'contractCancelled')?.content).toContain('库存不足');
  });

  it.runIf(testDbKind === 'postgres')('both parties signing at the same moment: both signatures, signed once', async () => {
    const c = await contract('同时签署的合同');
    const [b, v] = [await codeFor(buyer), await codeFor(seller)];
    const answers = await Promise.all([sign(buyer, c.id, b), sign(seller, c.id, v)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const final = await read(buyer, c.id);
    expect(final.state).toBe('signed');
    expect(final.signatures?.map((x) => x.role).sort()).toEqual(['buyer', 'seller']);
    const full = await s.call<{ events: { action: string; to: string }[] }>('GET', `/api/r/contracts/${c.id}`, { token: buyer.token });
    expect(full.body.data.events.filter((e) => e.action === 'sign').map((e) => e.to).sort()).toEqual(['pendingSignature', 'signed']);
  });

  it.runIf(testDbKind === 'postgres')('one party signing twice at once with its code: one signature', async () => {
    const c = await contract('重复点击签署的合同');
    const code = await codeFor(buyer);
    const answers = await Promise.all(Array.from({ length: 5 }, () => sign(buyer, c.id, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect((await read(buyer, c.id)).signatures).toHaveLength(1);
  });
});
