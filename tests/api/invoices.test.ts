// Invoices (issue 19, /operator/invoice) on both databases: ops issue a requested invoice with its
// number, date, amount and file (PDF or image, typed by content), and the requester downloads the
// file from the record; or ops reject it with a reason. The requester is told at each step. The
// issued amount never exceeds the request, the contract it names or the fees paid: a clear 400,
// nothing written; a request over what is left of them is refused when it is made (issue 28).
// Only ops issue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, FileView, MessageView, Page } from '../../src/shared/api';
import { fenToYuan, formatMoney, yuanToFen } from '../../src/shared/money';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { signedContract } from '../support/funds';
import { loginPassword } from '../support/flows';
import { tradingParty, type TradingParty } from '../support/trading';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');

describe.skipIf(!dbAvailable)('invoices issued by ops', () => {
  let s: TestServer;
  let ops: string;
  let buyer: TradingParty;
  let seller: TradingParty;
  let contract: ResourceRecord;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000192', ADMIN_PASSWORD: 'Admin#2026' });
    ops = (await loginPassword(s, '13800000192', 'Admin#2026')).body.data.access_token;
    buyer = await tradingParty(s, '杭州发票买方有限公司');
    seller = await tradingParty(s, '苏州发票卖方有限公司');
    contract = await signedContract(s, buyer, seller, '发票测试合同');
  });
  afterAll(() => s?.close());

  const upload = async (token: string, name: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${s.baseUrl}/api/files`, { method: 'POST', headers: { authorization: token }, body: form });
    return { status: res.status, body: (await res.json()) as Envelope<FileView> };
  };
  const request = async (body: Record<string, unknown>) => {
    const res = await s.call<ResourceRecord>('POST', '/api/r/invoiceRequests', { token: buyer.token, body: { invoiceType: 'normal', buyerName: '杭州发票买方有限公司', email: 'finance@example.com', ...body } });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const act = (token: string, id: string, action: string, body: Record<string, unknown>) => s.call<ResourceRecord>('POST', `/api/r/invoiceRequests/${id}/actions/${action}`, { token, body });
  const record = async (token: string, id: string) => (await s.call<ResourceRecord>('GET', `/api/r/invoiceRequests/${id}`, { token })).body.data;
  const titles = async (token: string) => (await s.call<Page<MessageView>>('POST', '/api/system/message/list', { token, body: { pageNo: 1, pageSize: 50 } })).body.data.records.map((m) => m.title);

  it('issues an invoice on a contract with its file, which the requester then downloads', async () => {
    const asked = await request({ amount: '1000.00', contractId: contract.id });
    expect(asked.state).toBe('requested');
    expect(await titles(buyer.token)).toContain('发票申请已提交');
    const file = await upload(ops, '发票-00012345.pdf', PDF);
    expect(file.status).toBe(200);
    const issued = await act(ops, asked.id, 'issue', { invoiceNumber: '00012345', invoiceDate: '2026-11-20', issuedAmount: '1000.00', invoiceFile: [file.body.data.id] });
    expect(issued.status).toBe(200);
    const seen = await record(buyer.token, asked.id);
    expect(seen).toMatchObject({ state: 'issued', invoiceNumber: '00012345', invoiceDate: '2026-11-20', issuedAmount: '1000.00', invoiceFile: [file.body.data.id] });
    // The requester reads the file's view and downloads its bytes.
    const view = await s.call<FileView>('GET', `/api/files/${file.body.data.id}`, { token: buyer.token });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ name: '发票-00012345.pdf', type: 'application/pdf' });
    const bytes = await fetch(`${s.baseUrl}${view.body.data.url}`);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(PDF)).toBe(true);
    // Another account does not see it.
    expect((await s.call('GET', `/api/files/${file.body.data.id}`, { token: seller.token })).status).toBe(404);
    expect(await titles(buyer.token)).toContain('发票已开具');
  });

  it('refuses a request over what the contract still allows when it is made (issue 28 item 7), and an issue over the request', async () => {
    const amount = contract.amount as string;
    const count = async () => (await s.call<Page<ResourceRecord>>('GET', '/api/r/invoiceRequests?pageSize=1', { token: buyer.token })).body.data.total;
    const before = await count();
    // 1,000.00 of the contract is already invoiced above.
    const left = yuanToFen(amount) - 100_000n;
    const leftText = formatMoney(left);
    const over = await s.call('POST', '/api/r/invoiceRequests', { token: buyer.token, body: { invoiceType: 'normal', buyerName: '杭州发票买方有限公司', email: 'finance@example.com', amount, contractId: contract.id } });
    expect(over.status).toBe(400);
    expect(over.body.data).toEqual({ amount: `超出关联合同尚可开票的金额 ${leftText} 元（已扣除该合同已开具和审核中的发票）` });
    expect(await count()).toBe(before);
    const small = await request({ amount: '10.00', contractId: contract.id });
    // A request still waiting counts too: 10.00 less is left.
    const waiting = await s.call('POST', '/api/r/invoiceRequests', { token: buyer.token, lang: 'en-US', body: { invoiceType: 'normal', buyerName: '杭州发票买方有限公司', email: 'finance@example.com', amount: fenToYuan(left), contractId: contract.id } });
    expect(waiting.status).toBe(400);
    expect(waiting.body.data).toEqual({ amount: `More than the contract can still be invoiced for: ${formatMoney(left - 1000n)} left (invoices issued and pending under it deducted)` });
    // Its amount and contract are fixed once sent.
    const edited = await s.call('PUT', `/api/r/invoiceRequests/${small.id}`, { token: buyer.token, body: { invoiceType: 'normal', buyerName: '杭州发票买方有限公司', email: 'finance@example.com', amount: '99999.00', contractId: contract.id, version: small.version } });
    expect(edited.status).toBe(400);
    expect(Object.keys(edited.body.data as object)).toEqual(['amount']);

    const file = await upload(ops, 'invoice.png', PNG);
    const overRequest = await act(ops, small.id, 'issue', { invoiceNumber: '00012347', invoiceDate: '2026-11-20', issuedAmount: '10.01', invoiceFile: [file.body.data.id] });
    expect(overRequest.status).toBe(400);
    expect((overRequest.body.data as unknown as Record<string, string>).issuedAmount).toBe('超出申请的开票金额 10.00 元');
    expect(await record(buyer.token, small.id)).toMatchObject({ state: 'requested' });
    expect((await record(buyer.token, small.id)).invoiceNumber).toBeUndefined();
    // The file stayed with ops.
    expect((await s.call('GET', `/api/files/${file.body.data.id}`, { token: buyer.token })).status).toBe(404);
  });

  it('refuses a request without a contract beyond the fees paid (none here), saying where the rest is invoiced', async () => {
    const res = await s.call('POST', '/api/r/invoiceRequests', { token: seller.token, body: { invoiceType: 'normal', buyerName: '苏州发票卖方有限公司', email: 'finance@example.com', amount: '50.00' } });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ amount: '未关联合同时只能为已缴纳的服务费开票，尚可开票 0.00 元；为合同货款开票请选择关联合同' });
  });

  it("takes the company's corporate account, which is no bank card (issue 28 item 7)", async () => {
    const asked = await request({ amount: '1.00', contractId: contract.id, bankName: '中国工商银行杭州西湖支行', bankAccount: '1202021109900123456' });
    expect(asked.bankAccount).toBe('1202021109900123456');
    for (const bankAccount of ['1234567', '6222 0212 3456', '12020211099001234567890123456789']) {
      const bad = await s.call('POST', '/api/r/invoiceRequests', { token: buyer.token, body: { invoiceType: 'normal', buyerName: '杭州发票买方有限公司', email: 'finance@example.com', amount: '1.00', contractId: contract.id, bankAccount } });
      expect(bad.status, bankAccount).toBe(400);
      expect(bad.body.data).toEqual({ bankAccount: '请输入正确的银行账号：8 至 30 位数字' });
    }
  });

  it('takes only a PDF or an image, by content, uploaded by ops', async () => {
    const text = await upload(ops, 'invoice.pdf', Buffer.from('not a pdf at all, just text'));
    expect(text.status).toBe(400);
    const asked = await request({ amount: '20.00', contractId: contract.id });
    // A file of the requester's own, not one ops uploaded, is no invoice file.
    const own = await upload(buyer.token, 'mine.pdf', PDF);
    const res = await act(ops, asked.id, 'issue', { invoiceNumber: '00012349', invoiceDate: '2026-11-20', issuedAmount: '20.00', invoiceFile: [own.body.data.id] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data as object)).toEqual(['invoiceFile']);
    // The requester cannot issue its own invoice.
    const pdf = await upload(ops, 'ok.pdf', PDF);
    expect((await act(buyer.token, asked.id, 'issue', { invoiceNumber: '00012349', invoiceDate: '2026-11-20', issuedAmount: '20.00', invoiceFile: [pdf.body.data.id] })).status).toBe(403);
  });

  it('rejects with a reason the requester reads', async () => {
    const asked = await request({ amount: '30.00', contractId: contract.id });
    const res = await act(ops, asked.id, 'reject', { reason: '发票抬头与认证名称不符' });
    expect(res.status).toBe(200);
    expect(await record(buyer.token, asked.id)).toMatchObject({ state: 'rejected', rejectReason: '发票抬头与认证名称不符' });
    expect(await titles(buyer.token)).toContain('发票申请被驳回');
  });
});
