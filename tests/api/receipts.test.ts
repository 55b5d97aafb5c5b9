// Receipts (issue 8) over the API, on both databases: every money step of a contract and a
// withdrawal has a receipt with the amount in figures and capitals and the parties by name;
// its parties and ops read it, anyone else gets 404 (as for a missing one), a template that does
// not print the transfer is a 404; the public verification answers signed out with only what
// the receipt shows.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicReceiptView, ReceiptView, RecordReceipt } from '../../src/shared/receipts';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { consolePathFor } from '../support/consolePaths';
import { contractStep, money, signedContract, moneySuite } from '../support/funds';
import { sendCode } from '../support/flows';
import type { TradingParty } from '../support/trading';
import { dbAvailable, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('receipts: one per money step, read by its parties, verified by anyone', () => {
  let s: TestServer, ops: string, buyer: TradingParty, seller: TradingParty, third: TradingParty;
  moneySuite({ phone: '13800000061', password: 'Admin#2026' }, { buyer: '上海回单买方实业有限公司', seller: '江苏回单卖方钢铁有限公司', third: '回单无关第三方有限公司' }, '50000.00', (suite) => {
    ({ s, ops, buyer, seller, third } = suite);
  });
  beforeEach(() => s.clock.advance(86_400_000));

  const act = (who: TradingParty | string, id: string, action: string, body: Record<string, unknown> = {}) => contractStep(s, who, id, action, body);
  const listOf = async (who: { token: string } | string, resource: string, id: string) =>
    (await s.call<RecordReceipt[]>('GET', `/api/receipts?resource=${resource}&id=${id}`, { token: typeof who === 'string' ? who : who.token })).body.data;
  const receipt = (who: { token: string } | string, transferId: string, template?: string) =>
    s.call<ReceiptView>('GET', `/api/receipts/${transferId}${template ? `?template=${template}` : ''}`, { token: typeof who === 'string' ? who : who.token });
  const verify = (transferId: string, template?: string) => s.call<PublicReceiptView>('GET', `/api/public/receipts/${transferId}${template ? `?template=${template}` : ''}`);

  it('prints the collateral (Chainpayment) and both copies of the release, each to its parties', async () => {
    const c = await signedContract(s, buyer, seller, '回单测试合同（放款）');
    await act(buyer, c.id, 'payCollateral');
    const [paid] = await listOf(buyer, 'contracts', c.id);
    expect(paid).toMatchObject({ kind: 'collateral', template: 'Chainpayment', amount: '16000.00', path: `/Chainpayment?id=${paid.transferId}` });

    const chain = await receipt(buyer, paid.transferId);
    expect(chain.status).toBe(200);
    expect(chain.body.data).toMatchObject({
      template: 'Chainpayment',
      kind: 'collateral',
      amount: '16000.00',
      capitals: '壹万陆仟元整',
      payer: { kind: 'account', name: buyer.name },
      payee: { kind: 'platform', name: '链上付平台（保证金托管账户）', detail: 'escrow' },
      status: 'inEscrow',
      reference: { resource: 'contracts', id: c.id, number: c.id, title: '回单测试合同（放款）', path: `/contract/details?id=${c.id}` },
    });
    expect(chain.body.data.number).toMatch(/^LSF\d{8}[0-9A-F]{12}$/);
    expect(chain.body.data.verifyUrl).toMatch(new RegExp(`/receipt/verify\\?id=${paid.transferId}&template=Chainpayment$`));
    // The seller reads it too, with the link to its own page of the contract; in English the platform is named in English.
    const sellerView = await s.call<ReceiptView>('GET', `/api/receipts/${paid.transferId}`, { token: seller.token, lang: 'en-US' });
    expect(sellerView.body.data).toMatchObject({ payee: { name: 'LSF platform (collateral escrow)' }, reference: { path: `/contract/supplyDetails?id=${c.id}` } });
    // Each the page the shared rule gives its side, as its messages and todos link it.
    for (const [who, view] of [[buyer, chain], [seller, sellerView]] as const) {
      expect(view.body.data.reference.path).toBe(consolePathFor({ resource: 'contracts', id: c.id, record: c, viewer: { accountId: who.accountId } }));
    }
    // Ops read every receipt; another account, an unknown id and a wrong template are all 404.
    expect((await receipt(ops, paid.transferId)).status).toBe(200);
    expect((await receipt(third, paid.transferId)).status).toBe(404);
    const unknown = await receipt(buyer, randomUUID());
    expect(unknown.status).toBe(404);
    expect((await receipt(third, paid.transferId)).body.msg).toBe(unknown.body.msg);
    expect((await receipt(buyer, paid.transferId, 'Withdrawal')).status).toBe(404);
    expect((await receipt(buyer, paid.transferId, 'NoSuchTemplate')).status).toBe(404);
    expect((await s.call('GET', `/api/receipts/${paid.transferId}`)).status).toBe(401);
    // Someone else's contract: its receipts are a 404 like the contract itself, with the same
    // words as for a record that does not exist; a resource that does not exist is a 400.
    const listed = (who: { token: string } | string, query: string) => s.call('GET', `/api/receipts?${query}`, { token: typeof who === 'string' ? who : who.token });
    const hidden = await listed(third, `resource=contracts&id=${c.id}`);
    const missing = await listed(third, `resource=contracts&id=${randomUUID()}`);
    expect([hidden.status, missing.status]).toEqual([404, 404]);
    expect(hidden.body).toEqual({ code: 404, msg: missing.body.msg, data: null });
    expect((await s.call('GET', `/api/r/contracts/${c.id}`, { token: third.token })).body).toEqual(hidden.body);
    const unknownResource = await listed(buyer, `resource=noSuchThing&id=${c.id}`);
    expect(unknownResource.status).toBe(400);
    expect(unknownResource.body.data).toEqual({ resource: expect.any(String) });
    // The contract's own parties and ops read it.
    expect((await listed(seller, `resource=contracts&id=${c.id}`)).status).toBe(200);
    expect((await listed(ops, `resource=contracts&id=${c.id}`)).status).toBe(200);

    await act(seller, c.id, 'deliver', { deliveryNote: '已按合同发货' });
    await act(buyer, c.id, 'confirmReceipt');
    expect((await receipt(buyer, paid.transferId)).body.data.status).toBe('released');
    // The buyer lists its copy of the release, the seller its own; ops both.
    const buyerList = await listOf(buyer, 'contracts', c.id);
    const sellerList = await listOf(seller, 'contracts', c.id);
    expect(buyerList.map((r) => r.template)).toEqual(['Chainpayment', 'PaymentReleaseReceipt']);
    expect(sellerList.map((r) => r.template)).toEqual(['Chainpayment', 'ReleaseReceipt']);
    expect((await listOf(ops, 'contracts', c.id)).map((r) => r.template).sort()).toEqual(['Chainpayment', 'PaymentReleaseReceipt', 'ReleaseReceipt']);
    const release = sellerList[1].transferId;
    expect(buyerList[1].transferId).toBe(release);

    const buyerCopy = await receipt(buyer, release, 'PaymentReleaseReceipt');
    expect(buyerCopy.body.data).toMatchObject({
      template: 'PaymentReleaseReceipt',
      amount: '16000.00',
      capitals: '壹万陆仟元整',
      payer: { kind: 'account', name: buyer.name, detail: 'escrow' },
      payee: { kind: 'account', name: seller.name },
      status: 'completed',
    });
    const sellerCopy = await receipt(seller, release, 'ReleaseReceipt');
    expect(sellerCopy.body.data).toMatchObject({
      template: 'ReleaseReceipt',
      amount: '16000.00',
      payer: { kind: 'platform', detail: 'escrow' },
      payee: { kind: 'account', name: seller.name },
    });
    // Without a template, a release prints as the seller's copy; both parties may read both copies.
    expect((await receipt(buyer, release)).body.data.template).toBe('ReleaseReceipt');
    expect((await receipt(seller, release, 'PaymentReleaseReceipt')).status).toBe(200);
    expect((await receipt(seller, release, 'Chainpayment')).status).toBe(404);
    expect((await receipt(third, release, 'ReleaseReceipt')).status).toBe(404);
  });

  it('prints the objection deposit, its return and the refund (the buyer as payee)', async () => {
    const c = await signedContract(s, buyer, seller, '回单测试合同（异议）', { quantity: 10 });
    await act(buyer, c.id, 'payCollateral');
    await act(buyer, c.id, 'object', { objectionReason: '到货规格与合同不符' });
    const held = (await listOf(buyer, 'contracts', c.id)).find((r) => r.kind === 'objectionDeposit')!;
    expect(held).toMatchObject({ template: 'Entropygold', amount: '800.00' });
    expect((await receipt(seller, held.transferId)).body.data).toMatchObject({ status: 'held', payer: { name: buyer.name }, payee: { kind: 'platform', detail: 'objectionDeposits' } });
    await act(ops, c.id, 'resolveRefund', { resolution: '经核实规格不符，退还买方', deposit: 'refund' });

    const list = await listOf(buyer, 'contracts', c.id);
    expect(list.map((r) => [r.kind, r.template, r.amount])).toEqual([
      ['collateral', 'Chainpayment', '8000.00'],
      ['objectionDeposit', 'Entropygold', '800.00'],
      ['refund', 'ReleaseReceipt', '8000.00'],
      ['objectionReturned', 'Entropygoldrefund', '800.00'],
    ]);
    expect((await receipt(buyer, held.transferId)).body.data.status).toBe('returned');
    expect((await receipt(buyer, list[0].transferId)).body.data.status).toBe('refunded');

    const refund = list.find((r) => r.kind === 'refund')!;
    expect((await receipt(buyer, refund.transferId)).body.data).toMatchObject({
      template: 'ReleaseReceipt',
      amount: '8000.00',
      capitals: '捌仟元整',
      payer: { kind: 'platform', detail: 'escrow' },
      payee: { kind: 'account', name: buyer.name },
      status: 'completed',
    });
    expect((await receipt(buyer, refund.transferId, 'PaymentReleaseReceipt')).status).toBe(404);
    const returned = list.find((r) => r.kind === 'objectionReturned')!;
    expect((await receipt(seller, returned.transferId)).body.data).toMatchObject({
      template: 'Entropygoldrefund',
      amount: '800.00',
      capitals: '捌佰元整',
      payer: { kind: 'platform', detail: 'objectionDeposits' },
      payee: { kind: 'account', name: buyer.name },
    });
    expect((await receipt(third, returned.transferId)).status).toBe(404);
  });

  it('prints a withdrawal with its outcome as the status, to its account and ops only', async () => {
    const draft = await s.call<ResourceRecord>('POST', '/api/r/withdrawals', { token: buyer.token, body: { amount: '1234.56', remark: '货款提现' } });
    expect(draft.status).toBe(200);
    const id = draft.body.data.id;
    const smsCode = await sendCode(s, buyer.phone, 'verify', buyer.token);
    expect((await money(s, buyer.token, `/api/r/withdrawals/${id}/actions/submit`, { smsCode })).status).toBe(200);
    const [held] = await listOf(buyer, 'withdrawals', id);
    expect(held).toMatchObject({ kind: 'withdrawal', template: 'Withdrawal', amount: '1234.56' });
    const view = await receipt(buyer, held.transferId);
    expect(view.body.data).toMatchObject({
      template: 'Withdrawal',
      amount: '1234.56',
      capitals: '壹仟贰佰叁拾肆元伍角陆分',
      payer: { kind: 'account', name: buyer.name },
      payee: { kind: 'bank', name: buyer.name, detail: expect.stringMatching(/\*\*\*\*3445$/) },
      status: 'processing',
      reference: { resource: 'withdrawals', id, path: `/report/withdrawalList/show/${id}` },
    });
    expect((await receipt(seller, held.transferId)).status).toBe(404);
    expect((await receipt(ops, held.transferId)).body.data.reference.path).toBe(`/ops/withdrawals/show/${id}`);
    expect(view.body.data.reference.path).toBe(consolePathFor({ resource: 'withdrawals', id, record: draft.body.data, viewer: { accountId: buyer.accountId } }));
    expect((await receipt(ops, held.transferId)).body.data.reference.path).toBe(consolePathFor({ resource: 'withdrawals', id, record: draft.body.data, viewer: { ops: true } }));
    expect((await s.call('GET', `/api/receipts?resource=withdrawals&id=${id}`, { token: seller.token })).status).toBe(404);

    expect((await money(s, ops, `/api/r/withdrawals/${id}/actions/complete`)).status).toBe(200);
    expect((await receipt(buyer, held.transferId)).body.data.status).toBe('paid');
    // The list shows the withdrawal once; its outcome is the receipt's status.
    expect((await listOf(buyer, 'withdrawals', id)).map((r) => r.kind)).toEqual(['withdrawal']);
  });

  it('verifies a receipt signed out, showing only what the receipt shows', async () => {
    const c = await signedContract(s, buyer, seller, '回单验证合同', { quantity: 1 });
    await act(buyer, c.id, 'payCollateral');
    const [paid] = await listOf(buyer, 'contracts', c.id);
    const shown = (await receipt(buyer, paid.transferId)).body.data;
    const res = await verify(paid.transferId, 'Chainpayment');
    expect(res.status).toBe(200);
    // The kind titles it as printed (a payment request's Solution is a 请款支付回单).
    expect(Object.keys(res.body.data).sort()).toEqual(['amount', 'capitals', 'genuine', 'kind', 'number', 'payee', 'payer', 'template', 'time']);
    expect(res.body.data).toEqual({
      genuine: true,
      template: 'Chainpayment',
      kind: 'collateral',
      number: shown.number,
      amount: '800.00',
      capitals: '捌佰元整',
      payer: buyer.name,
      payee: '链上付平台（保证金托管账户）',
      time: shown.time,
    });
    // Nothing else: no contract id, no balance.
    expect(JSON.stringify(res.body.data)).not.toContain(c.id);
    expect((await verify(paid.transferId)).body.data.template).toBe('Chainpayment');
    // Unknown, or a template that does not print it: not genuine. Not an id at all: 404 like any unknown path.
    expect((await verify('not-a-uuid')).status).toBe(404);
    for (const [id, template] of [[randomUUID(), undefined], [paid.transferId, 'ReleaseReceipt']] as const) {
      const bad = await verify(id, template);
      expect(bad.status, `${id} ${template}`).toBe(404);
      expect(bad.body.msg).toBe('未找到该回单：它不是本平台出具的回单，或链接有误');
      expect(bad.body.data).toBeNull();
    }
  });
});
