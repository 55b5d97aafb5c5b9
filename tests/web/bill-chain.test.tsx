// Circulating bills in the console (issue 31), the server faked at fetch: a bill's page draws its
// family as a tree (holders, amounts, the bill itself marked, links only to parts the caller may
// open); a bill never passed on shows no tree; a receipt of a part's payment prints the chain; the
// clearing runs page previews what a run would do now, by counterparty (issue 31 item 5).
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import billsFile from '../../schemas/resources/bills.json';
import clearingRunsFile from '../../schemas/resources/clearingRuns.json';
import type { ClearingPreview } from '../../src/shared/clearingPreview';
import type { BillFamilyNode } from '../../src/shared/billFamily';
import type { ReceiptView } from '../../src/shared/receipts';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { fakeApi, ok } from './support/fakeApi';
import { bare } from './support/fakeRest';
import { baseRoutes, renderResource } from './support/resourceHarness';
import { openShell } from './support/shell';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

const BILLS = billsFile as unknown as ResourceDefinition;
const PATH = '/payment/payManagement';
const ROOT = '00000000-0000-4000-8000-0000000b0001';
const CHILD = '00000000-0000-4000-8000-0000000b0002';
const GRANDCHILD = '00000000-0000-4000-8000-0000000b0003';

const node = (billId: string, parentBillId: string | null, holder: string, amount: string, children: BillFamilyNode[] = [], readable = true): BillFamilyNode => ({
  billId,
  parentBillId,
  holder,
  payer: '杭州链条买方有限公司',
  issuedAmount: amount,
  amount,
  paidAmount: '0.00',
  clearedAmount: '0.00',
  openAmount: amount,
  dueDay: '2099-12-20',
  state: 'confirmed',
  createdAt: '2026-11-20T02:00:00.000Z',
  readable,
  children,
});
const FAMILY = node(ROOT, null, '苏州链条卖方有限公司', '5000.00', [node(CHILD, ROOT, '无锡链条供应商有限公司', '3000.00', [node(GRANDCHILD, CHILD, '常州链条原料有限公司', '2000.00', [], false)])]);

const bill = (id: string, extra: Partial<ResourceRecord> = {}): ResourceRecord => ({
  id,
  accountId: 'a-2',
  parties: { payer: 'a-1', payee: 'a-2' },
  state: 'confirmed',
  version: 2,
  createdAt: '2026-11-20T02:00:00.000Z',
  createdBy: 'u-2',
  updatedAt: '2026-11-20T02:00:00.000Z',
  updatedBy: 'u-2',
  contractId: '00000000-0000-4000-8000-00000000c0de',
  contractTitle: '链条合同',
  payerName: '杭州链条买方有限公司',
  payeeName: '苏州链条卖方有限公司',
  origin: 'issued',
  amount: '5000.00',
  openAmount: '5000.00',
  dueDay: '2099-12-20',
  events: [],
  ...extra,
});

describe('bill chains in the console', () => {
  it("draws a bill's family as a tree: each part's holder and figures, the bill itself marked", async () => {
    const api = fakeApi({
      ...baseRoutes('owner', [BILLS]),
      [`GET /api/rest/bills/${CHILD}`]: bare(bill(CHILD, { amount: '3000.00', payeeName: '无锡链条供应商有限公司', parentBillId: ROOT, rootBillId: ROOT, origin: 'passedOn' })),
      [`GET /api/settlement/bills/${CHILD}/family`]: ok(FAMILY),
      'GET /api/receipts': ok([]),
    });
    renderResource(`${PATH}/show/${CHILD}`, { resource: 'bills', routePath: PATH, scope: 'payer' });
    const tree = await screen.findByTestId('bill-family');
    expect(within(tree).getByText('账单流转')).toBeInTheDocument();
    const nodes = within(tree).getAllByTestId('bill-family-node');
    expect(nodes.map((n) => n.getAttribute('data-bill'))).toEqual([ROOT, CHILD, GRANDCHILD]);
    expect(nodes[0]).toHaveTextContent('苏州链条卖方有限公司');
    expect(nodes[0]).toHaveTextContent('金额 5,000.00 元');
    expect(nodes[1]).toHaveTextContent('无锡链条供应商有限公司');
    expect(within(nodes[1]).getByText('本账单')).toBeInTheDocument();
    // A part the caller may open links to its page; one it may not, does not.
    expect(within(nodes[0]).getByRole('link', { name: '查看' })).toBeInTheDocument();
    expect(within(nodes[2]).queryByRole('link')).toBeNull();
    expect(api.callsTo('GET', `/api/settlement/bills/${CHILD}/family`)).toHaveLength(1);
  });

  it('shows a bill passed on whole as passed on, on its page and in its family, with the part’s new holder', async () => {
    const passedAt = '2026-11-21T03:00:00.000Z';
    const whole: BillFamilyNode = { ...node(ROOT, null, '苏州链条卖方有限公司', '0.00', [node(CHILD, ROOT, '无锡链条供应商有限公司', '5000.00')]), issuedAmount: '5000.00', state: 'passedOn' };
    fakeApi({
      ...baseRoutes('owner', [BILLS]),
      [`GET /api/rest/bills/${ROOT}`]: bare(bill(ROOT, { state: 'passedOn', amount: '0.00', issuedAmount: '5000.00', openAmount: '0.00', passedOnAt: passedAt })),
      [`GET /api/settlement/bills/${ROOT}/family`]: ok(whole),
      'GET /api/receipts': ok([]),
    });
    renderResource(`${PATH}/show/${ROOT}`, { resource: 'bills', routePath: PATH, scope: 'payer' });
    const tree = await screen.findByTestId('bill-family');
    const [top, part] = within(tree).getAllByTestId('bill-family-node');
    expect(within(top).getByText('已转让')).toBeInTheDocument();
    expect(top).toHaveTextContent('未付 0.00 元');
    expect(part).toHaveTextContent('无锡链条供应商有限公司');
    expect(part).toHaveTextContent('未付 5,000.00 元');
    // The page's own state and the time it was passed on in full.
    expect(screen.getAllByText('已转让').length).toBeGreaterThan(1);
    expect(screen.getByText('全部转让时间')).toBeInTheDocument();
  });

  it('shows no tree for a bill nothing was passed on from', async () => {
    fakeApi({
      ...baseRoutes('owner', [BILLS]),
      [`GET /api/rest/bills/${ROOT}`]: bare(bill(ROOT)),
      [`GET /api/settlement/bills/${ROOT}/family`]: ok(node(ROOT, null, '苏州链条卖方有限公司', '5000.00')),
      'GET /api/receipts': ok([]),
    });
    renderResource(`${PATH}/show/${ROOT}`, { resource: 'bills', routePath: PATH, scope: 'payer' });
    expect(await screen.findByText('操作记录')).toBeInTheDocument();
    expect(screen.queryByTestId('bill-family')).toBeNull();
  });

  it("prints the chain on a part's payment receipt", async () => {
    const transfer = '3f2a9c1b-7d4e-4a8b-9c0d-1122334455aa';
    const receipt: ReceiptView = {
      transferId: transfer,
      template: 'Solution',
      number: 'LSF202611203F2A9C1B7D4E',
      kind: 'billPayment',
      amount: '2000.00',
      capitals: '贰仟元整',
      payer: { kind: 'account', name: '杭州链条买方有限公司' },
      payee: { kind: 'account', name: '常州链条原料有限公司' },
      time: '2026-11-20T02:30:00.000Z',
      status: 'completed',
      reference: { resource: 'bills', id: GRANDCHILD, number: GRANDCHILD, title: '链条合同', path: `/payment/paymentDetails?id=${GRANDCHILD}` },
      verifyUrl: `http://localhost:8080/receipt/verify?id=${transfer}&template=Solution`,
      chain: {
        rootBillId: ROOT,
        links: [
          { billId: ROOT, holder: '苏州链条卖方有限公司', amount: '10000.00', at: '2026-11-20T02:00:00.000Z' },
          { billId: CHILD, holder: '无锡链条供应商有限公司', amount: '5000.00', at: '2026-11-20T02:10:00.000Z' },
          { billId: GRANDCHILD, holder: '常州链条原料有限公司', amount: '2000.00', at: '2026-11-20T02:20:00.000Z' },
        ],
      },
    };
    openShell(`/Solution?id=${transfer}`, { [`GET /api/receipts/${transfer}`]: ok(receipt) });
    const chain = await screen.findByTestId('receipt-chain');
    expect(chain).toHaveTextContent(`原始账单 ${ROOT}`);
    const links = within(chain).getAllByRole('listitem');
    expect(links.map((l) => l.textContent)).toEqual([
      '苏州链条卖方有限公司 ¥ 10,000.00（2026-11-20 10:00:00）',
      '无锡链条供应商有限公司 ¥ 5,000.00（2026-11-20 10:10:00）',
      '常州链条原料有限公司 ¥ 2,000.00（2026-11-20 10:20:00）',
    ]);
  });

  it('previews a clearing run on the runs page when asked: the participant\'s side by counterparty', async () => {
    const preview: ClearingPreview = {
      billsIn: 3,
      participants: 3,
      amountIn: '2400.00',
      amountCleared: '1800.00',
      amountChained: '120.00',
      amountSettled: '400.00',
      parties: [
        {
          accountId: 'a-1',
          name: '预览甲有限公司',
          payable: '1000.00',
          receivable: '600.00',
          cleared: '600.00',
          netPosition: '-400.00',
          settled: '-400.00',
          unsettled: '0.00',
          available: '100000.00',
          counterparties: [
            { accountId: 'a-2', name: '预览乙有限公司', payable: '1000.00', receivable: '0.00', cleared: '600.00', settled: '400.00', remaining: '0.00' },
            { accountId: 'a-3', name: '预览丙有限公司', payable: '0.00', receivable: '600.00', cleared: '600.00', settled: '0.00', remaining: '0.00' },
          ],
        },
      ],
    };
    const api = fakeApi({
      ...baseRoutes('owner', [clearingRunsFile as unknown as ResourceDefinition]),
      'GET /api/r/clearingRuns': ok({ records: [], total: 0 }),
      'GET /api/settlement/clearing-preview': ok(preview),
    });
    const { user } = renderResource('/payment/interlinkingManagement', { resource: 'clearingRuns', routePath: '/payment/interlinkingManagement' });
    const card = await screen.findByTestId('clearing-preview');
    // Nothing is asked before the button.
    expect(api.callsTo('GET', '/api/settlement/clearing-preview')).toEqual([]);
    await user.click(within(card).getByTestId('clearing-preview-run'));
    expect(await within(card).findByTestId('clearing-preview-mine')).toHaveTextContent('将抵消我方应付 600.00 元；抵消后净额 -400.00 元，净额结算 -400.00 元。');
    expect(within(card).getByTestId('clearing-preview-totals')).toHaveTextContent('1,800.00');
    expect(within(card).getByTestId('clearing-preview-totals')).toHaveTextContent('可沿链转让抵消（元）120.00');
    const rows = within(card).getAllByRole('row').filter((r) => r.closest('.ant-table-tbody')).map((r) => r.textContent);
    expect(rows).toEqual(['预览乙有限公司1,000.000.00600.00400.000.00', '预览丙有限公司0.00600.00600.000.000.00']);
  });
});
