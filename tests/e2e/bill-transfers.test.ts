// Browser journey of a bill passed on in parts (issue 31) in real Chromium: a seller passes half of
// a bill its buyer owes it to its own supplier (with an SMS code), the supplier accepts it on the
// offer's page (its own code) and passes part of what it received on again; the payer's bill page
// then shows the family as a tree: the original bill, the supplier's part and the part passed on
// from that, each with its holder.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Page as ListPage } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, STEP_MS, shot, journeyApp } from '../support/browser';
import { actWithSmsCode, activePane as pane } from '../support/console';
import { apiCall, openSignedIn } from '../support/seed';
import type { Party } from '../support/world';

const ADMIN = { ADMIN_PHONE: '13900000131', ADMIN_PASSWORD: 'Ops#PassOn2026' };
const PAYER = '杭州转让旅程买方有限公司';
const SELLER = '苏州转让旅程卖方有限公司';
const SUPPLIER = '无锡转让旅程供应商有限公司';
const MAKER = '常州转让旅程原料有限公司';

describe.skipIf(!chromiumPath)('browser journey: a bill passed on in parts, and its chain (issue 31)', () => {
  const e2e = journeyApp(ADMIN);

  const actWithCode = (page: Page, phone: string, label: string | RegExp, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => actWithSmsCode(e2e, page, phone, label, fill);
  /** The offer of `billId` waiting for its receiver's answer. */
  const offerOf = async (token: string, billId: string) => {
    const offers = await apiCall<ListPage<ResourceRecord>>(e2e.baseUrl, 'GET', '/api/r/billTransfers?scope=receiver&state=offered', undefined, token);
    return offers.data.records.find((o) => o.billId === billId)!;
  };
  /** Passes `amount` of the bill open on the page on to `receiver`, found by name in the dialog. */
  const passOnFromPage = (page: Page, phone: string, amount: string, receiver: Party) =>
    actWithCode(page, phone, /^转\s*让$/, async (dialog) => {
      await dialog.getByLabel('转让金额（元）').fill(amount);
      await dialog.getByLabel('受让方', { exact: true }).fill(receiver.name.slice(0, 6));
      // By name and credit code, as the option shows them: a retry of this journey registers the names again.
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').and(page.getByTitle(`${receiver.name} · ${receiver.creditCode}`)).click();
    });

  it('a seller passes half a bill to its supplier, who accepts and passes part on; the payer sees the chain', async () => {
    const { world } = e2e;
    const payer = await world.party({ name: PAYER, approved: true, balance: '50000.00' });
    const seller = await world.party({ name: SELLER, approved: true, balance: '50000.00' });
    const supplier = await world.party({ name: SUPPLIER, approved: true, balance: '50000.00' });
    const maker = await world.party({ name: MAKER, approved: true });
    // The payer owes the seller 10,000.00; the seller owes its supplier, the supplier its maker.
    const bill = await world.bill({ state: 'confirmed', payer, payee: seller, amount: '10000.00' });
    await world.bill({ state: 'confirmed', payer: seller, payee: supplier, amount: '8000.00' });
    await world.bill({ state: 'confirmed', payer: supplier, payee: maker, amount: '3000.00' });

    // The seller passes half of the bill on to its supplier from the bill's page.
    const s = await openSignedIn(e2e, seller.token, STEP_MS);
    await s.page.goto(`/payment/receiptDetails?id=${bill.id}`);
    await pane(s.page).locator('.resource-show__title').getByText('已确权').waitFor();
    await passOnFromPage(s.page, seller.phone, '5000.00', supplier);
    await s.page.getByText('转让已发起，待受让方接受').waitFor();

    // The supplier accepts on the offer's page.
    const offer = await offerOf(supplier.token, String(bill.id));
    const t = await openSignedIn(e2e, supplier.token, STEP_MS);
    await t.page.goto(`/payment/billTransfers/show/${offer.id}`);
    await pane(t.page).getByText('5,000.00').first().waitFor();
    await shot(t.page, 'billtransfers-offer', { fullPage: true });
    await actWithCode(t.page, supplier.phone, /^接受转让$/);
    await pane(t.page).locator('.resource-show__title').getByText('已接受').waitFor();

    // It opens the bill it received and passes 2,000.00 of it on to its maker.
    const accepted = (await apiCall<ResourceRecord>(e2e.baseUrl, 'GET', `/api/r/billTransfers/${offer.id}`, undefined, supplier.token)).data;
    const child = String(accepted.childBillId);
    await t.page.goto(`/payment/receiptDetails?id=${child}`);
    await pane(t.page).locator('.resource-show__title').getByText('已确权').waitFor();
    await passOnFromPage(t.page, supplier.phone, '2000.00', maker);
    await t.page.getByText('转让已发起，待受让方接受').waitFor();
    await world.answerPassOn(maker, String((await offerOf(maker.token, child)).id));

    // The payer's page of the original bill: the family as a tree, each part with its holder.
    const p = await openSignedIn(e2e, payer.token, STEP_MS);
    await p.page.goto(`/payment/paymentDetails?id=${bill.id}`);
    const tree = pane(p.page).getByTestId('bill-family');
    await tree.waitFor();
    const nodes = tree.getByTestId('bill-family-node');
    await expect.poll(() => nodes.count(), { timeout: STEP_MS }).toBe(3);
    const texts = await nodes.allInnerTexts();
    expect(texts[0]).toContain(SELLER);
    expect(texts[0]).toContain('金额 5,000.00 元');
    expect(texts[1]).toContain(SUPPLIER);
    expect(texts[1]).toContain('金额 3,000.00 元');
    expect(texts[2]).toContain(MAKER);
    expect(texts[2]).toContain('金额 2,000.00 元');
    await shot(p.page, 'billtransfers-tree', { fullPage: true });
    expect([...s.errors, ...t.errors, ...p.errors]).toEqual([]);
  });
});
