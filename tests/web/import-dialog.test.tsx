// The list's import dialog (issue 32 item 4): offered where the resource declares an import and
// the caller may create; a chosen file goes to the preview as is, the preview's counts and each bad
// cell with its message are shown, nothing is imported until "import N valid rows" is pressed, which
// sends the same file with the preview's token and an Idempotency-Key; the per-row results follow,
// with the result file to download.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportAnswer, ImportPreview } from '../../src/shared/resources/import';
import { fakeApi, ok, type Call } from './support/fakeApi';
import { resourceDefinition } from '../support/resource-definitions';
import { baseRoutes, OFFERS_PATH, offer, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 20_000 });

const page = (records: unknown[]) => ok({ records, total: records.length });

const PREVIEW: ImportPreview = {
  fields: ['title', 'goodsName', 'unit', 'quantity', 'unitPrice'],
  total: 3,
  valid: 2,
  invalid: 1,
  token: 'a'.repeat(64),
  rows: [
    { row: 2, values: { title: '导入报价一', goodsName: '螺纹钢', unit: 'ton', quantity: 20, unitPrice: '4000.00' } },
    { row: 3, values: { title: '导入报价二', goodsName: '线材', unit: 'ton', quantity: 'abc', unitPrice: '12.345' }, errors: { quantity: '应当是数字', unitPrice: '金额最多两位小数' } },
    { row: 4, values: { title: '导入报价三', goodsName: '盘螺', unit: 'kg', quantity: 5, unitPrice: '3.50' } },
  ],
};

const ANSWER: ImportAnswer = {
  total: 3,
  created: 2,
  invalid: 1,
  refused: 0,
  results: [
    { row: 2, status: 'created', record: offer({ title: '导入报价一' }) },
    { row: 3, status: 'invalid', reason: '应当是数字；金额最多两位小数' },
    { row: 4, status: 'created', record: offer({ title: '导入报价三' }) },
  ],
  resultFile: { name: '采购计划-导入结果.xlsx', base64: btoa('PK-result') },
};

describe('import dialog', () => {
  it('previews a chosen file with each bad cell marked, imports the valid rows on confirmation and offers the result file', async () => {
    const api = fakeApi({
      ...baseRoutes(),
      'GET /api/r/purchaseOffers': page([offer()]),
      'POST /api/r/purchaseOffers/import/preview': ok(PREVIEW),
      'POST /api/r/purchaseOffers/import': ok(ANSWER),
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => `blob:import-${blobs.push(blob)}`;
    URL.revokeObjectURL = () => {};
    const saved: string[] = [];
    const keepDownload = (event: MouseEvent) => {
      if (event.target instanceof HTMLAnchorElement && event.target.download) {
        event.preventDefault();
        saved.push(event.target.download);
      }
    };
    document.addEventListener('click', keepDownload, { capture: true });

    const { user } = renderResource(OFFERS_PATH);
    await screen.findByText('共 1 条');
    await user.click(await screen.findByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog', { name: '导入采购报价' });
    expect(within(dialog).getByRole('button', { name: /下载模板（XLSX）/ })).toBeInTheDocument();

    const file = new File(['PK-the-workbook'], '采购计划.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file);

    // The preview: counts, each row, the bad cells marked with the server's message.
    expect(await within(dialog).findByText('应当是数字')).toBeInTheDocument();
    const [previewCall] = api.callsTo('POST', '/api/r/purchaseOffers/import/preview');
    expect((previewCall.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((previewCall.body as FormData).get('file') as File).name).toBe('采购计划.xlsx');
    const counts = dialog.querySelector('.resource-import__counts') as HTMLElement;
    expect(within(counts).getByText('有效').closest('.ant-statistic')?.textContent).toBe('有效2');
    expect(within(counts).getByText('有误').closest('.ant-statistic')?.textContent).toBe('有误1');
    const bad = within(dialog).getByText('导入报价二').closest('tr')!;
    expect(bad.querySelectorAll('.resource-import__cell--bad')).toHaveLength(2);
    expect(within(bad).getByText('金额最多两位小数')).toBeInTheDocument();
    // A bad cell shows what it holds as typed (formatted, 12.345 would read as a valid 12.35).
    expect(within(bad).getByText('12.345')).toBeInTheDocument();
    expect(within(dialog).getByText('导入报价一').closest('tr')!.querySelectorAll('.resource-import__cell--bad')).toHaveLength(0);
    // Headed by the fields' labels, values shown as the list shows them (an enum's label).
    expect(within(dialog).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(expect.arrayContaining(['行号', '报价标题', '计量单位', '单价（元）']));
    expect(within(dialog).getAllByText('吨').length).toBeGreaterThan(0);
    // Nothing is imported before the confirmation.
    expect(api.callsTo('POST', '/api/r/purchaseOffers/import')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: '导入 2 条有效数据' }));
    expect(await within(dialog).findByText('已导入 2 条，共 3 行')).toBeInTheDocument();
    expect(within(dialog).getByText('1 行有误，未导入。 下载结果文件，改正后可再次导入。')).toBeInTheDocument();
    const [run]: Call[] = api.callsTo('POST', '/api/r/purchaseOffers/import');
    expect((run.body as FormData).get('token')).toBe(PREVIEW.token);
    expect(((run.body as FormData).get('file') as File).name).toBe('采购计划.xlsx');
    expect(run.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const results = within(dialog).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(results).toEqual([
      ['2', '已导入', '导入报价一', ''],
      ['3', '有误', '导入报价二', '应当是数字；金额最多两位小数'],
      ['4', '已导入', '导入报价三', ''],
    ]);
    // The list is read again with the new records.
    await waitFor(() => expect(api.callsTo('GET', '/api/r/purchaseOffers').length).toBeGreaterThan(1));

    await user.click(within(dialog).getByRole('button', { name: /下载结果文件/ }));
    expect(saved).toEqual(['采购计划-导入结果.xlsx']);
    // jsdom's Blob (made from bytes) is read with a FileReader.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    expect(text).toBe('PK-result');
    document.removeEventListener('click', keepDownload, { capture: true });
  });

  it('is not offered to a caller who may not create the records', async () => {
    fakeApi({ ...baseRoutes('viewer'), 'GET /api/r/purchaseOffers': page([offer()]) });
    renderResource(OFFERS_PATH);
    await screen.findByText('共 1 条');
    await screen.findByRole('button', { name: /导\s*出/ });
    expect(screen.queryByRole('button', { name: /导\s*入/ })).not.toBeInTheDocument();
  });

  it('offers bills to import on the payee’s list only: a payee issues them, a payer does not', async () => {
    const bills = resourceDefinition('bills');
    fakeApi({ ...baseRoutes('owner', [bills]), 'GET /api/r/bills': page([]) });
    const payee = renderResource('/payment/collectionManagement', { resource: 'bills', routePath: '/payment/collectionManagement', scope: 'payee' });
    expect(await screen.findByRole('button', { name: /导\s*入/ })).toBeInTheDocument();
    payee.unmount();
    renderResource('/payment/payManagement', { resource: 'bills', routePath: '/payment/payManagement', scope: 'payer' });
    await screen.findByRole('button', { name: /导\s*出/ });
    expect(screen.queryByRole('button', { name: /导\s*入/ })).not.toBeInTheDocument();
  });
});
