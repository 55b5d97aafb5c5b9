// Issue 28, items 3 and 5: a record's history reads its inputs as the fields they are: money with
// separators ("本次付款金额（元）: 20,000.00", not 20000.00), files as files (not ["d4f4…"]), and no
// bare ids (a clearing run's runId).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import billsFile from '../../schemas/resources/bills.json';
import invoicesFile from '../../schemas/resources/invoiceRequests.json';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { History, type RecordEvent } from '../../src/web/resources/History';
import { resourceText } from '../../src/web/resources/labels';
import { i18nReady } from '../../src/web/i18n';

const bills = billsFile as unknown as ResourceDefinition;
const invoices = invoicesFile as unknown as ResourceDefinition;
const AT = '2026-11-20T02:00:00.000Z';
const RUN = 'a343afed-0c1d-4e5f-8a9b-0123456789ab';
const FILE = 'd4f49a5c-1111-4222-8333-944455556666';

describe('record history', () => {
  it("prints a bill's payment and clearing amounts as money and leaves the run's id out", async () => {
    await i18nReady;
    const events: RecordEvent[] = [
      { action: 'pay', from: 'confirmed', to: 'partiallyPaid', input: { payAmount: '20000.00' }, by: 'u-1', at: AT },
      { action: 'clear', from: 'partiallyPaid', to: 'partiallyPaid', input: { runId: RUN, amount: '60900.00' }, by: null, at: AT },
    ];
    const { container } = render(<History definition={bills} events={events} text={resourceText(bills, 'zh-CN', () => undefined)} />);
    expect(await screen.findByText('20,000.00')).toBeInTheDocument();
    expect(screen.getByText('60,900.00')).toBeInTheDocument();
    expect(container.textContent).not.toContain('20000.00');
    expect(container.textContent).not.toContain(RUN);
    expect(container.textContent).not.toContain('runId');
  });

  it("prints a part passed on as money in the offer and in the split that completes it, and leaves the receiver's id out", async () => {
    await i18nReady;
    const RECEIVER = '207e5046-84ab-496b-8ee2-c51d33af8b02';
    const events: RecordEvent[] = [
      { action: 'passOn', from: 'confirmed', to: 'confirmed', input: { passAmount: '260000.00', receiverId: RECEIVER }, by: 'u-1', at: AT },
      { action: 'split', from: 'confirmed', to: 'passedOn', input: { transferId: RUN, passAmount: '260000.00' }, by: 'u-2', at: AT },
    ];
    const { container } = render(<History definition={bills} events={events} text={resourceText(bills, 'zh-CN', () => undefined)} />);
    expect(await screen.findAllByText('260,000.00')).toHaveLength(2);
    expect(screen.getByText('转让生效')).toBeInTheDocument();
    expect(container.textContent).not.toContain('260000.00');
    expect(container.textContent).not.toContain(RECEIVER);
    expect(container.textContent).not.toContain(RUN);
  });

  it("shows an issued invoice's file as a file, not its id list", async () => {
    await i18nReady;
    const events: RecordEvent[] = [{ action: 'issue', from: 'requested', to: 'issued', input: { invoiceNumber: 'FP20261120', issuedAmount: '121600.00', invoiceFile: [FILE] }, by: 'u-ops', at: AT }];
    const { container } = render(<History definition={invoices} events={events} text={resourceText(invoices, 'zh-CN', () => undefined)} />);
    expect(await screen.findByText('121,600.00')).toBeInTheDocument();
    expect(container.textContent).not.toContain(`["${FILE}"]`);
  });

  it('says who made each move: a person with its account, a person through an API key, or the system job', async () => {
    await i18nReady;
    const events: RecordEvent[] = [
      { action: 'pay', from: 'confirmed', to: 'partiallyPaid', input: { payAmount: '100.00' }, by: 'u-1', actor: { kind: 'person', name: '王芳', accountName: '上海买方有限公司' }, at: AT },
      { action: 'pay', from: 'partiallyPaid', to: 'partiallyPaid', input: { payAmount: '50.00' }, by: 'u-1', actor: { kind: 'person', name: '王芳', accountName: '上海买方有限公司', apiKey: 'ERP 付款' }, at: AT },
      { action: 'clear', from: 'partiallyPaid', to: 'paid', input: { amount: '10.00' }, by: null, actor: { kind: 'system', job: 'settlement.dailyClearing' }, at: AT },
      { action: 'create', from: null, to: 'pendingConfirmation', input: null, by: 'u-2', actor: { kind: 'person', name: '江苏卖方有限公司', accountName: '江苏卖方有限公司' }, at: AT },
    ];
    const { container } = render(<History definition={bills} events={events} text={resourceText(bills, 'zh-CN', () => undefined)} />);
    expect(await screen.findByText('2026-11-20 10:00:00 · 王芳（上海买方有限公司）')).toBeInTheDocument();
    expect(await screen.findByText('2026-11-20 10:00:00 · 王芳（通过密钥 ERP 付款）')).toBeInTheDocument();
    expect(await screen.findByText('2026-11-20 10:00:00 · 系统（每日互联结算）')).toBeInTheDocument();
    // An owner named as its account is named once.
    expect(await screen.findByText('2026-11-20 10:00:00 · 江苏卖方有限公司')).toBeInTheDocument();
    expect(container.textContent).not.toContain('u-1');
  });
});
