// Importing records from a spreadsheet (issue 32 item 4), on both databases: the template heads
// its columns in the caller's language and round-trips; the preview reads XLSX and CSV, names
// every kind of bad cell from the record's own schema (missing required, a bad number, a
// negative price, three decimals, a bad enum value, a bad date, a bad region) and writes
// nothing; the import writes only the valid rows, as drafts through the create pipeline (each
// with its create event), one transaction per batch (a row refused while writing leaves its
// whole batch unwritten), idempotent under a key, with a result file; limits, a changed file and
// permission are refused with a clear message.
import { randomUUID } from 'node:crypto';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDay } from '../../src/shared/chinaTime';
import type { Page } from '../../src/shared/api';
import type { ImportAnswer, ImportPreview } from '../../src/shared/resources/import';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { World, type Party } from '../support/world';

const OPS = { phone: '13800000432', password: 'Admin#Import2026' };
const DAY = 86_400_000;

type Cell = string | number | Date | null;

const HEADER_ZH = ['报价标题', '商品类别', '商品名称', '规格型号', '计量单位', '数量', '单价（元）', '交货日期', '报价有效期至', '交货地区'];

const csv = (rows: Cell[][]) => Buffer.from(`\uFEFF${rows.map((r) => r.map((c) => (c === null ? '' : String(c))).join(',')).join('\r\n')}\r\n`);
const xlsx = (rows: Cell[][]) =>
  writeXlsxFile(rows.map((r) => r.map((value) => (value === null ? null : value instanceof Date ? { value, type: Date, format: 'yyyy-mm-dd' } : typeof value === 'number' ? { value, type: Number } : { value, type: String })))).toBuffer();

describe.skipIf(!dbAvailable)('import from a spreadsheet', { timeout: 300_000 }, () => {
  let s: TestServer;
  let world: World;
  let buyer: Party;
  let day: (days: number) => string;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password });
    world = new World({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    buyer = await world.party({ name: '导入测试采购有限公司', approved: true });
    day = (days) => chinaDay(new Date(s.clock.now().getTime() + days * DAY));
  });
  afterAll(() => s?.close());

  /** A valid offer row of HEADER_ZH. */
  const row = (title: string, over: Partial<Record<number, Cell>> = {}): Cell[] => {
    const base: Cell[] = [title, '原材料', '螺纹钢', 'HRB400 Φ16', '吨', 20, '4000.00', day(30), day(20), '浙江省 / 杭州市 / 西湖区'];
    return base.map((c, i) => (i in over ? over[i]! : c));
  };

  const send = async <T>(path: string, file: { name: string; data: Buffer }, opts: { token?: string; key?: string; previewToken?: string; lang?: string } = {}) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
    if (opts.previewToken) form.append('token', opts.previewToken);
    const headers: Record<string, string> = { authorization: opts.token ?? buyer.token, 'accept-language': opts.lang ?? 'zh-CN' };
    if (opts.key) headers['idempotency-key'] = opts.key;
    const res = await fetch(`${s.baseUrl}${path}`, { method: 'POST', headers, body: form });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { code: number; msg: string; data: T } };
  };
  const preview = (resource: string, file: { name: string; data: Buffer }, opts: { token?: string; lang?: string } = {}) => send<ImportPreview>(`/api/r/${resource}/import/preview`, file, opts);
  const run = (resource: string, file: { name: string; data: Buffer }, opts: { token?: string; key?: string; previewToken?: string } = {}) => send<ImportAnswer>(`/api/r/${resource}/import`, file, opts);
  const offers = async (token = buyer.token) => (await s.call<Page<ResourceRecord>>('GET', '/api/r/purchaseOffers?pageSize=100', { token })).body.data;

  it('hands out a template headed in the caller’s language with an example row, which previews as one valid row', async () => {
    const zh = await fetch(`${s.baseUrl}/api/r/purchaseOffers/import/template?format=xlsx`, { headers: { authorization: buyer.token, 'accept-language': 'zh-CN' } });
    expect(zh.status).toBe(200);
    expect(decodeURIComponent(zh.headers.get('content-disposition') ?? '')).toContain('采购报价-导入模板.xlsx');
    const data = Buffer.from(await zh.arrayBuffer());
    const [sheet] = await readXlsxFile(data);
    expect(sheet.data[0]).toEqual(['报价标题', '商品类别', '商品名称', '规格型号', '计量单位', '数量', '单价（元）', '保证金比例（%）', '交货日期', '报价有效期至', '交货地区', '联系电话', '交易条款']);
    expect(sheet.data).toHaveLength(2);

    const en = await fetch(`${s.baseUrl}/api/r/purchaseOffers/import/template?format=csv`, { headers: { authorization: buyer.token, 'accept-language': 'en-US' } });
    expect((await en.text()).split('\r\n')[0]).toBe('Title,Category,Goods,Specification,Unit,Quantity,Unit price (CNY),Collateral ratio (%),Delivery date,Valid until,Delivery region,Contact phone,Terms');

    const before = (await offers()).total;
    const checked = await preview('purchaseOffers', { name: '模板.xlsx', data });
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ total: 1, valid: 1, invalid: 0 });
    expect(checked.body.data.rows[0].errors).toBeUndefined();
    expect(checked.body.data.rows[0].values).toMatchObject({ unit: 'ton', quantity: 1, unitPrice: '100.00', deliveryDate: day(30) });
    expect((await offers()).total).toBe(before);
  });

  it('previews every kind of bad cell from the record schema, in CSV, and writes nothing', async () => {
    const before = (await offers()).total;
    const file = csv([
      HEADER_ZH,
      row('有效的采购报价'),
      row('缺商品名称', { 2: null }),
      row('数量写错', { 5: '二十' }),
      row('负数单价', { 6: '-5' }),
      row('三位小数', { 6: '12.345' }),
      row('计量单位写错', { 4: '桶' }),
      row('日期写错', { 7: '2026-13-45' }),
      row('地区写错', { 9: '火星 / 奥林匹斯 / 山' }),
    ]);
    const answer = await preview('purchaseOffers', { name: 'offers.csv', data: file });
    expect(answer.status).toBe(200);
    const p = answer.body.data;
    expect(p).toMatchObject({ total: 8, valid: 1, invalid: 7 });
    expect(p.token).toMatch(/^[0-9a-f]{64}$/);
    const errorsOf = (n: number) => p.rows.find((r) => r.row === n)?.errors ?? {};
    expect(p.rows[0]).toMatchObject({ row: 2, values: { title: '有效的采购报价', unit: 'ton', category: 'rawMaterial', deliveryRegion: ['33', '3301', '330106'] } });
    expect(p.rows[0].errors).toBeUndefined();
    // Each bad row names its cell, and only that cell, with the form's own message.
    expect(Object.keys(errorsOf(3))).toEqual(['goodsName']);
    expect(Object.keys(errorsOf(4))).toEqual(['quantity']);
    expect(Object.keys(errorsOf(5))).toEqual(['unitPrice']);
    expect(Object.keys(errorsOf(6))).toEqual(['unitPrice']);
    expect(Object.keys(errorsOf(7))).toEqual(['unit']);
    expect(Object.keys(errorsOf(8))).toEqual(['deliveryDate']);
    expect(Object.keys(errorsOf(9))).toEqual(['deliveryRegion']);
    expect(errorsOf(3).goodsName).toBe('此项为必填项');
    expect(errorsOf(9).deliveryRegion).toBe('请选择完整的省、市、区');
    for (let n = 3; n <= 9; n += 1) for (const text of Object.values(errorsOf(n))) expect(text).toMatch(/[\u4e00-\u9fa5]/);
    expect((await offers()).total).toBe(before);
  });

  it('imports only the valid rows of an XLSX as drafts through the create pipeline, once per Idempotency-Key, with a result file', async () => {
    const before = (await offers()).total;
    const file = {
      name: '采购计划.xlsx',
      data: await xlsx([
        HEADER_ZH,
        row('导入报价一'),
        row('导入报价二', { 7: new Date(`${day(40)}T00:00:00Z`), 6: 3999.5 }),
        row('导入报价三', { 6: '0' }),
        row('导入报价四', { 6: '1,234.56' }),
      ]),
    };
    const checked = await preview('purchaseOffers', file);
    expect(checked.body.data).toMatchObject({ total: 4, valid: 3, invalid: 1 });
    expect(checked.body.data.rows[1].values).toMatchObject({ deliveryDate: day(40), unitPrice: '3999.5' });
    expect(Object.keys(checked.body.data.rows[2].errors ?? {})).toEqual(['unitPrice']);

    const key = randomUUID();
    const done = await run('purchaseOffers', file, { key, previewToken: checked.body.data.token });
    expect(done.status).toBe(200);
    const a = done.body.data;
    expect(a).toMatchObject({ total: 4, created: 3, invalid: 1, refused: 0 });
    expect(a.results.map((r) => r.status)).toEqual(['created', 'created', 'invalid', 'created']);
    expect(a.results[2].reason).toBeTruthy();
    const made = a.results.filter((r) => r.record).map((r) => r.record!);
    expect(made.map((r) => [r.title, r.state, r.amount])).toEqual([
      ['导入报价一', 'draft', '80000.00'],
      ['导入报价二', 'draft', '79990.00'],
      ['导入报价四', 'draft', '24691.20'],
    ]);
    // Each record has the create event of a user's create (the history and the audit read it).
    const one = (await s.call<ResourceRecord & { events: { action: string; by: string | null }[] }>('GET', `/api/r/purchaseOffers/${made[0].id}`, { token: buyer.token })).body.data;
    expect(one.events).toEqual([expect.objectContaining({ action: 'create', by: expect.any(String) })]);
    expect((await offers()).total).toBe(before + 3);

    // The result file: the rows as uploaded with their status and reason.
    const [result] = await readXlsxFile(Buffer.from(a.resultFile.base64, 'base64'));
    expect(a.resultFile.name).toBe('采购计划-导入结果.xlsx');
    expect(result.data[0].slice(-2)).toEqual(['导入结果', '原因']);
    expect(result.data.slice(1).map((r) => r[HEADER_ZH.length])).toEqual(['已导入', '已导入', '有误', '已导入']);
    expect(result.data[3][HEADER_ZH.length + 1]).toBeTruthy();

    // The same request again: the stored answer, nothing written twice.
    const again = await run('purchaseOffers', file, { key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.results.map((r) => r.record?.id)).toEqual(a.results.map((r) => r.record?.id));
    expect((await offers()).total).toBe(before + 3);
    // The same key with another file is refused; so is a file that is not the one previewed.
    const other = { name: 'other.csv', data: csv([HEADER_ZH, row('另一份文件')]) };
    expect((await run('purchaseOffers', other, { key })).status).toBe(422);
    expect((await run('purchaseOffers', other, { previewToken: checked.body.data.token })).status).toBe(409);
    expect((await offers()).total).toBe(before + 3);
  });

  it('writes a batch in one transaction: a bill refused while writing leaves its batch unwritten; a payee imports its bills', async () => {
    const payer = await world.party({ name: '导入测试付款方有限公司', approved: true, balance: '50000.00' });
    const payee = await world.party({ name: '导入测试收款方有限公司', approved: true });
    const contract = await world.contract({ state: 'signed', buyer: payer, seller: payee });
    // Columns may be headed by the fields' names as well as their labels.
    const header = ['contractId', 'amount', 'dueDay', 'remark'];
    const bills = async () => (await s.call<Page<ResourceRecord>>('GET', '/api/r/bills?pageSize=100', { token: payee.token })).body.data.records.filter((b) => b.contractId === contract.id);
    expect(await bills()).toHaveLength(0);
    // 80,000.00 less 20% collateral is billable: each row alone fits, the two together do not.
    const both = { name: 'bills.csv', data: csv([header, [contract.id, '60000.00', day(60), '第一笔'], [contract.id, '60000.00', day(90), '第二笔'], [contract.id, '12.345', day(90), '金额写错']]) };
    const checked = await preview('bills', both, { token: payee.token });
    expect(checked.body.data).toMatchObject({ total: 3, valid: 2, invalid: 1 });
    const a = (await run('bills', both, { token: payee.token })).body.data;
    expect(a).toMatchObject({ created: 0, invalid: 1, refused: 2 });
    expect(a.results[0].reason).toContain('第 3 行');
    expect(a.results[1].reason).toBe('超出该合同可开具的金额，尚可开具 4,000.00 元');
    expect(await bills()).toHaveLength(0);

    const fits = { name: 'bills.csv', data: csv([header, [contract.id, '60000.00', day(60), '第一笔'], [contract.id, '4000.00', day(90), '第二笔']]) };
    const b = (await run('bills', fits, { token: payee.token })).body.data;
    expect(b).toMatchObject({ created: 2, refused: 0 });
    const written = await bills();
    expect(written.map((x) => [x.amount, x.state, x.parties]).sort()).toEqual([
      ['4000.00', 'pendingConfirmation', { payer: payer.accountId, payee: payee.accountId }],
      ['60000.00', 'pendingConfirmation', { payer: payer.accountId, payee: payee.accountId }],
    ]);
  });

  it('refuses what it cannot take: a caller who may not create, a resource without import, limits, unknown columns, other files', async () => {
    const newcomer = await world.party({ name: '未认证导入公司' });
    const file = { name: 'offers.csv', data: csv([HEADER_ZH, row('无权导入')]) };
    expect((await preview('purchaseOffers', file, { token: newcomer.token })).status).toBe(403);
    expect((await run('purchaseOffers', file, { token: newcomer.token })).status).toBe(403);
    expect((await fetch(`${s.baseUrl}/api/r/purchaseOffers/import/template`, { headers: { authorization: newcomer.token } })).status).toBe(403);
    expect((await preview('deposits', file)).status).toBe(404);

    const field = async (f: { name: string; data: Buffer }) => {
      const answer = await preview('purchaseOffers', f);
      return { status: answer.status, file: (answer.body.data as unknown as Record<string, string> | null)?.file };
    };
    expect(await field({ name: 'offers.csv', data: csv([HEADER_ZH, ...Array.from({ length: 1001 }, (_, i) => row(`第${i}份报价`))]) })).toEqual({ status: 400, file: '一次最多导入 1000 行' });
    expect(await field({ name: 'offers.csv', data: csv([[...HEADER_ZH, '颜色'], row('多一列')]) })).toEqual({ status: 400, file: '表头“颜色”不是可导入的字段，请使用导入模板' });
    expect(await field({ name: 'offers.csv', data: csv([HEADER_ZH]) })).toEqual({ status: 400, file: '文件中没有数据行（第一行为表头）' });
    expect(await field({ name: 'offers.pdf', data: Buffer.from('%PDF-1.4') })).toEqual({ status: 400, file: '请上传 XLSX 或 CSV 文件' });
    expect(await field({ name: 'offers.xlsx', data: Buffer.from('PK\x03\x04 not really a workbook') })).toEqual({ status: 400, file: '无法读取该文件，请用模板另存为 XLSX 或 CSV 后重试' });
    const big = await preview('purchaseOffers', { name: 'big.csv', data: Buffer.alloc(2 * 1024 * 1024 + 10, 'a') });
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe('文件不能超过 2 MB');
  });
});
