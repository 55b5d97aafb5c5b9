import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fail, ok, type Call } from './support/fakeApi';
import { baseRoutes, location, OFFERS_PATH, offer, renderResource } from './support/resourceHarness';

const page = (records: unknown[], total = records.length) => ok({ records, total });

vi.setConfig({ testTimeout: 120_000 });
configure({ asyncUtilTimeout: 20_000 });

describe('generated list page', () => {
  it('shows the declared columns with labels, money, enum and state tags and local dates', async () => {
    const api = fakeApi({ ...baseRoutes(), 'GET /api/r/purchaseOffers': page([offer({ title: '采购螺纹钢 A', state: 'published' })], 1) });
    renderResource(OFFERS_PATH);
    const row = (await screen.findByText('采购螺纹钢 A')).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    // The first column chooses rows for a bulk action (the offers declare actions).
    expect(headers).toEqual(['', '报价标题', '商品名称', '商品类别', '数量', '总金额（元）', '交货日期', '报价有效期至', '状态', '创建时间', '操作']);
    // The row's show button appears once refine's access control has answered.
    await waitFor(() => expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', '采购螺纹钢 A', '螺纹钢', '原材料', '12', '1,234,567.50', '2026-12-05', '2099-12-31', '已发布', '2026-03-01 10:30:00', '查看']));
    expect(screen.getByText('共 1 条')).toBeInTheDocument();
    const [call] = api.callsTo('GET', '/api/r/purchaseOffers');
    expect(call.query.toString()).toBe('pageNo=1&pageSize=10&sort=-createdAt');
  });

  it('says a total the server stopped counting is a lower bound', async () => {
    fakeApi({ ...baseRoutes(), 'GET /api/r/purchaseOffers': ok({ records: [offer()], total: 10000, totalExact: false }) });
    renderResource(OFFERS_PATH);
    expect(await screen.findByText('共 10,000+ 条')).toBeInTheDocument();
    // Paging still reaches the counted pages.
    expect(screen.getByTitle('1000')).toBeInTheDocument();
  });

  it('turns the filter bar into the API query and the URL', async () => {
    const api = fakeApi({ ...baseRoutes(), 'GET /api/r/purchaseOffers': page([offer()]) });
    const { user } = renderResource(OFFERS_PATH);
    await screen.findByText('共 1 条');
    const filters = within(screen.getByRole('form', { name: '筛选条件' }));
    await user.type(filters.getByLabelText('报价标题'), '螺纹');
    await user.click(filters.getByLabelText('商品类别'));
    await user.click(await screen.findByTitle('原材料'));
    await user.click(screen.getByTitle('工业品'));
    await user.type(filters.getByLabelText('总金额（元） 起'), '1,000.5x');
    await user.type(filters.getByLabelText('总金额（元） 止'), '５０００');
    await user.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/r/purchaseOffers')).toHaveLength(2));
    const last = api.callsTo('GET', '/api/r/purchaseOffers')[1];
    expect(Object.fromEntries(last.query)).toEqual({ pageNo: '1', pageSize: '10', sort: '-createdAt', title: '螺纹', category: 'rawMaterial,industrial', amount: '1000.5,5000' });
    expect(location()).toBe(`${OFFERS_PATH}?title=%E8%9E%BA%E7%BA%B9&category=rawMaterial%2Cindustrial&amount=1000.5%2C5000`);
  });

  it('keeps what is typed in a filter while the list changes around it (a sort, its answer)', async () => {
    const api = fakeApi({ ...baseRoutes(), 'GET /api/r/purchaseOffers': page([offer()], 25) });
    const { user } = renderResource(OFFERS_PATH);
    await screen.findByText('共 25 条');
    const filters = within(screen.getByRole('form', { name: '筛选条件' }));
    await user.type(filters.getByLabelText('报价标题'), '螺纹');
    await user.type(filters.getByLabelText('总金额（元） 起'), '10000');
    // Sorting writes a new URL with the same filters, and a new answer arrives: nothing typed is lost.
    await user.click(screen.getByRole('columnheader', { name: /总金额/ }));
    await waitFor(() => expect(Object.fromEntries(api.callsTo('GET', '/api/r/purchaseOffers').at(-1)!.query).sort).toBe('amount'));
    expect(filters.getByLabelText('报价标题')).toHaveValue('螺纹');
    expect(filters.getByLabelText('总金额（元） 起')).toHaveValue('10000');
    await user.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(Object.fromEntries(api.callsTo('GET', '/api/r/purchaseOffers').at(-1)!.query)).toMatchObject({ sort: 'amount', title: '螺纹', amount: '10000,' }));
  });

  it('passes a date range and one-sided ranges through, and reset clears every filter', async () => {
    const api = fakeApi({ ...baseRoutes(), 'GET /api/r/purchaseOffers': page([]) });
    const { user } = renderResource(`${OFFERS_PATH}?createdAt=2026-03-01,2026-03-31&amount=,500&state=draft`);
    expect(await screen.findByText('没有符合筛选条件的记录')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('GET', '/api/r/purchaseOffers')[0].query)).toMatchObject({ createdAt: '2026-03-01,2026-03-31', amount: ',500', state: 'draft' });
    // The date picker comes on its own chunk with the first date filter (a box of its size until then).
    expect(await screen.findByPlaceholderText('开始日期')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('总金额（元） 止')).toHaveValue('500');
    await user.click(screen.getByRole('button', { name: '重 置' }));
    await waitFor(() => expect(location()).toBe(OFFERS_PATH));
    await waitFor(() => expect(api.callsTo('GET', '/api/r/purchaseOffers').at(-1)!.query.toString()).toBe('pageNo=1&pageSize=10&sort=-createdAt'));
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('');
  });

  it('sorts on sortable columns and pages on the server', async () => {
    const records = Array.from({ length: 3 }, () => offer());
    const api = fakeApi({ ...baseRoutes(), 'GET /api/r/purchaseOffers': page(records, 25) });
    const { user } = renderResource(OFFERS_PATH);
    await screen.findByText('共 25 条');
    const lastQuery = () => Object.fromEntries(api.callsTo('GET', '/api/r/purchaseOffers').at(-1)!.query);
    const amountHeader = screen.getByRole('columnheader', { name: /总金额/ });
    await user.click(amountHeader);
    await waitFor(() => expect(lastQuery().sort).toBe('amount'));
    await user.click(amountHeader);
    await waitFor(() => expect(lastQuery().sort).toBe('-amount'));
    expect(within(screen.getByRole('columnheader', { name: /商品名称/ })).queryByRole('button')).toBeNull();
    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: '3', sort: '-amount' }));
    expect(location()).toBe(`${OFFERS_PATH}?sort=-amount&pageNo=3`);
    // The default sort flips rather than clears.
    await user.click(screen.getByRole('columnheader', { name: /创建时间/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: '-createdAt', pageNo: '1' }));
    await user.click(screen.getByRole('columnheader', { name: /创建时间/ }));
    await waitFor(() => expect(lastQuery().sort).toBe('createdAt'));
  });

  it('offers create and export only when the ability grants add and export', async () => {
    fakeApi({ ...baseRoutes('owner'), 'GET /api/r/purchaseOffers': page([offer()]) });
    const owner = renderResource(OFFERS_PATH);
    await screen.findByText('共 1 条');
    expect(screen.getByRole('button', { name: /新\s*建/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
    owner.unmount();

    fakeApi({ ...baseRoutes('viewer'), 'GET /api/r/purchaseOffers': page([offer()]) });
    const viewer = renderResource(OFFERS_PATH);
    await screen.findByText('共 1 条');
    expect(screen.queryByRole('button', { name: /新\s*建/ })).toBeNull();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
    viewer.unmount();

    // finance holds offers not at all: the definitions list leaves the resource out.
    fakeApi({ ...baseRoutes('finance', []), 'GET /api/r/purchaseOffers': page([]) });
    renderResource(OFFERS_PATH);
    expect(await screen.findByText('记录不存在或已被删除')).toBeInTheDocument();
  });

  it('exports what the table shows as a file fetched with the token', async () => {
    const csv = '\uFEFF报价标题,商品名称\r\n采购螺纹钢,螺纹钢\r\n';
    const saved: { name: string; href: string }[] = [];
    const api = fakeApi({ ...baseRoutes(), 'GET /api/r/purchaseOffers': page([offer()]) });
    // The export answers a file, not an envelope.
    const envelopeFetch = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/r/purchaseOffers/export')) {
        api.calls.push({ method: 'GET', path: '/api/r/purchaseOffers/export', query: new URL(String(input), window.location.origin).searchParams, headers: new Headers(init?.headers), body: undefined } as Call);
        return new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="purchaseOffers-2026-03-01.csv"; filename*=UTF-8''${encodeURIComponent('采购报价-2026-03-01.csv')}` } });
      }
      return envelopeFetch(input, init);
    });
    // jsdom has no object URLs and no downloads: keep the blob and the link the page clicks.
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => `blob:export-${blobs.push(blob)}`;
    URL.revokeObjectURL = () => {};
    const keepDownload = (event: MouseEvent) => {
      const link = event.target;
      if (link instanceof HTMLAnchorElement && link.download) {
        event.preventDefault();
        saved.push({ name: link.download, href: link.href });
      }
    };
    document.addEventListener('click', keepDownload, { capture: true });

    const { user } = renderResource(`${OFFERS_PATH}?category=rawMaterial&sort=amount`);
    await screen.findByText('共 1 条');
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await user.click(await screen.findByText('导出 CSV'));
    await waitFor(() => expect(saved[0]?.name).toBe('采购报价-2026-03-01.csv'));
    const [call] = api.callsTo('GET', '/api/r/purchaseOffers/export');
    expect(Object.fromEntries(call.query)).toEqual({ format: 'csv', sort: 'amount', category: 'rawMaterial' });
    expect(call.headers.get('Authorization')).toBe('token-abc');
    expect(saved[0].href).toBe('blob:export-1');
    // The file keeps the byte-order mark Excel needs to read UTF-8.
    expect([...new Uint8Array(await blobs[0].arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blobs[0].text()).toBe(csv.slice(1));
    document.removeEventListener('click', keepDownload, { capture: true });
  });

  it('designs its empty, loading and error states', async () => {
    let answer = fail(500, '服务器开小差了，请稍后再试');
    fakeApi({ ...baseRoutes(), 'GET /api/r/purchaseOffers': () => answer });
    const { user } = renderResource(OFFERS_PATH);
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(screen.getByText('服务器开小差了，请稍后再试')).toBeInTheDocument();
    answer = page([]);
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('还没有采购报价记录')).toBeInTheDocument();
    // The empty state leads on to creating the first record.
    await user.click(within(screen.getByText('还没有采购报价记录').closest('.ant-empty')! as HTMLElement).getByRole('button', { name: /新\s*建/ }));
    await waitFor(() => expect(location()).toBe(`${OFFERS_PATH}/create`));
  });
});
