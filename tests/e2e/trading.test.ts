// Browser journey of trading (issue 7) in real Chromium, two accounts in two browser contexts:
// the buyer publishes a purchase offer; the seller finds it on the market and accepts it; each
// sees the contract with its own actions; both sign with SMS codes sent to their own phones
// (the buyer from its to-sign todo); messages arrive; the printable contract shows the same
// SHA-256 to both, the one the server fixed at the first signature. A mutual-promise offer goes
// through the result steps and its contract is found under /contract/contractChain.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, STEP_MS, SkewedClock, journeyApp } from '../support/browser';
import { activePane as pane } from '../support/console';
import { offerBody } from '../support/trading';
import { apiCall, approvedParty, attemptTag, openSignedIn } from '../support/seed';

/** Six characters of its own for each attempt: the market lists every account's published offers, a retry's among its first attempt's. */

/** The open dropdown's option with `text` (antd renders dropdowns at the end of the body). */
const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first();
/** The open dropdown's option whose whole text is `text`. */
const exactOption = (page: Page, text: string) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: new RegExp(`^${text}$`) });
const choose = async (page: Page, form: Locator, label: string, text: string) => {
  await form.getByLabel(label, { exact: true }).click();
  await option(page, text).click();
};

describe.skipIf(!chromiumPath)('browser journey: an offer accepted, a contract signed by both parties (issue 7)', () => {
  const clock = new SkewedClock();
  const e2e = journeyApp({}, ['main'], { clock });

  const party = (name: string) => approvedParty(e2e, name);

  /** Signs the contract open on `page`: the dialog shows the text and hash, the code comes by SMS. */
  const signOn = async (page: Page, phone: string, title: string) => {
    await pane(page).getByRole('button', { name: '签署合同' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '合同文本摘要（SHA-256）' });
    await dialog.getByTestId('document-text').filter({ hasText: title }).waitFor();
    const shown = (await dialog.getByTestId('document-sha256').innerText()).trim();
    // Past the resend window of the code that registered this phone.
    clock.advance(61_000);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByRole('button', { name: /秒/ }).waitFor();
    await dialog.getByLabel('短信验证码').fill(await e2e.latestSms(phone));
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    return shown;
  };

  it('publish, find on the market, accept, both sign with SMS codes, messages and todos, the same hash in print', async () => {
    const buyer = await party('杭州浏览器买方有限公司');
    const seller = await party('苏州浏览器卖方有限公司');
    const title = `浏览器撮合的螺纹钢采购 ${attemptTag()}`;
    const draft = await apiCall<ResourceRecord>(e2e.baseUrl, 'POST', '/api/r/purchaseOffers', offerBody(title), buyer.token);
    expect(draft.code).toBe(200);

    // The buyer publishes its offer.
    const b = await openSignedIn(e2e, buyer.token, STEP_MS);
    await b.page.goto(`/outgoing/chainPayment/show/${draft.data.id}`);
    await pane(b.page).getByRole('button', { name: /发\s*布/ }).click();
    await b.page.getByRole('dialog').filter({ hasText: '确定发布吗' }).getByRole('button', { name: /确\s*定/ }).click();
    await b.page.waitForURL((url) => url.pathname === '/outgoing/resultsPage');
    await pane(b.page).getByText('采购报价已发布').waitFor();

    // The seller finds it on the market and accepts it.
    const v = await openSignedIn(e2e, seller.token, STEP_MS);
    await v.page.goto('/outgoing/chainPayment');
    await pane(v.page).getByText('市场', { exact: true }).click();
    const row = pane(v.page).locator('.ant-table-row', { hasText: title });
    await row.getByRole('button', { name: '查看' }).click();
    await pane(v.page).getByRole('button', { name: '接受报价' }).click();
    await v.page.getByRole('dialog').filter({ hasText: '确定接受吗' }).getByRole('button', { name: /确\s*定/ }).click();
    // Accepting has a result step that leads on to the contract to sign.
    await v.page.waitForURL((url) => url.pathname === '/outgoing/resultsPage');
    await pane(v.page).getByText('已接受采购报价').waitFor();
    await pane(v.page).getByRole('button', { name: '查看并签署合同' }).waitFor();
    const offer = await apiCall<ResourceRecord>(e2e.baseUrl, 'GET', `/api/r/purchaseOffers/${draft.data.id}`, undefined, buyer.token);
    const contractId = offer.data.contractId as string;
    expect(offer.data.state).toBe('accepted');

    // Each party sees the contract on its side with its own actions.
    await v.page.goto('/contract/contractsell');
    await pane(v.page).locator('.ant-table-row', { hasText: title }).getByRole('button', { name: '查看' }).click();
    await pane(v.page).getByText('待签署').first().waitFor();
    await pane(v.page).getByRole('button', { name: '取消合同' }).waitFor();
    expect(await pane(v.page).getByRole('button', { name: '拒绝合同' }).count()).toBe(0);

    // The seller signs first: the contract waits for the buyer.
    const sellerSaw = await signOn(v.page, seller.phone, title);
    await pane(v.page).getByText(/卖方：苏州浏览器卖方有限公司/).waitFor();
    expect(await pane(v.page).getByRole('button', { name: '签署合同' }).count()).toBe(0);

    // The buyer has a todo to sign and a message; the todo opens the contract on its side.
    await b.page.goto('/task');
    await pane(b.page).locator('tr', { hasText: `签署合同《${title}》` }).getByRole('button', { name: '去处理' }).click();
    await b.page.waitForURL((url) => url.pathname === '/contract/details' && url.searchParams.get('id') === contractId);
    await pane(b.page).getByRole('button', { name: '拒绝合同' }).waitFor();
    expect(await pane(b.page).getByRole('button', { name: '取消合同' }).count()).toBe(0);
    const buyerSaw = await signOn(b.page, buyer.phone, title);
    await pane(b.page).getByText('已签署', { exact: true }).first().waitFor();
    await pane(b.page).getByText(/买方：杭州浏览器买方有限公司/).waitFor();
    expect(buyerSaw).toBe(sellerSaw);

    // Messages reached both; the buyer's todo is done.
    await b.page.goto('/message');
    await pane(b.page).getByText('报价已被接受').first().waitFor();
    await pane(b.page).getByText('合同已签署生效').first().waitFor();
    await v.page.goto('/message');
    await pane(v.page).getByText('合同已签署生效').first().waitFor();
    // (Signing opens the buyer's next todo on the contract, paying the collateral: only the signing one is done.)
    const todos = await apiCall<{ records: { kind: string; link: string; status: string }[] }>(e2e.baseUrl, 'POST', '/api/system/newTodo/todoList', { status: 'all' }, buyer.token);
    expect(todos.data.records.filter((t) => t.kind === 'contractToSign' && t.link.endsWith(contractId)).map((t) => t.status)).toEqual(['done']);

    // The printable contract shows both the same hash, the one fixed by the first signature.
    const fixed = await apiCall<{ signedSha256: string }>(e2e.baseUrl, 'GET', `/api/r/contracts/${contractId}/document`, undefined, buyer.token);
    for (const page of [b.page, v.page]) {
      await page.goto(`/contract/detailspact?id=${contractId}`);
      await pane(page).getByText('当前文本与签署时一致').waitFor();
      expect((await pane(page).getByTestId('document-sha256').innerText()).trim()).toBe(fixed.data.signedSha256);
    }
    expect(fixed.data.signedSha256).toBe(sellerSaw);
    expect(b.errors, 'buyer page errors').toEqual([]);
    expect(v.errors, 'seller page errors').toEqual([]);
  });

  it('sends a contract to a named counterparty found by search; the recipient finds it awaiting signature', async () => {
    const sender = await party('杭州直接下单买方有限公司');
    // Its own name: a retry's search would also find the recipient of its first attempt.
    const recipient = await party(`苏州直接接单卖方${attemptTag()}有限公司`);
    const a = await openSignedIn(e2e, sender.token, STEP_MS);
    await a.page.goto('/contractUpdate/initiateContract');
    const form = pane(a.page).locator('.schema-form');
    await choose(a.page, form, '订单类型', '简易协议订单');
    await choose(a.page, form, '我方身份', '买方');
    await form.getByLabel('交易对方', { exact: true }).fill('苏州直接接单');
    await exactOption(a.page, recipient.name).click();
    await form.getByLabel('合同标题', { exact: true }).fill('直接下单的冷轧板');
    await form.getByLabel('商品名称', { exact: true }).fill('冷轧板');
    await choose(a.page, form, '计量单位', '吨');
    await form.getByLabel('数量', { exact: true }).fill('3');
    await form.getByLabel('单价（元）', { exact: true }).fill('5000');
    const date = form.getByLabel('交货日期', { exact: true });
    await date.click();
    await date.fill('2099-12-20');
    await date.press('Enter');
    await form.getByLabel('交货地区', { exact: true }).click();
    for (const name of ['浙江省', '杭州市', '西湖区']) {
      await a.page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden) .ant-cascader-menu-item', { hasText: name }).first().click();
    }
    await pane(a.page).getByRole('button', { name: /提\s*交/ }).click();
    await a.page.waitForURL((url) => url.pathname.startsWith('/contractUpdate/initiateContract/show/'));
    await pane(a.page).getByText('15,000.00').first().waitFor();
    await pane(a.page).getByText('简易协议订单').first().waitFor();
    await pane(a.page).getByRole('button', { name: '取消合同' }).waitFor();

    // The recipient: awaiting its signature, with reject (not cancel) and sign.
    const r = await openSignedIn(e2e, recipient.token, STEP_MS);
    await r.page.goto('/contractUpdate/signContract');
    const row = pane(r.page).locator('.ant-table-row', { hasText: '直接下单的冷轧板' });
    await row.getByText('杭州直接下单买方有限公司').waitFor();
    await row.getByRole('button', { name: '查看' }).click();
    await pane(r.page).getByRole('button', { name: '拒绝合同' }).waitFor();
    await pane(r.page).getByRole('button', { name: '签署合同' }).waitFor();
    expect(await pane(r.page).getByRole('button', { name: '取消合同' }).count()).toBe(0);
    // Not yet in the archive.
    await r.page.goto('/contractUpdate/contractFile');
    await pane(r.page).locator('.ant-table').waitFor();
    expect(await pane(r.page).locator('.ant-table-row', { hasText: '直接下单的冷轧板' }).count()).toBe(0);
    expect(a.errors, 'sender page errors').toEqual([]);
    expect(r.errors, 'recipient page errors').toEqual([]);
  });
  it('a mutual-promise offer: published, accepted through the result steps, the contract found under contractChain', async () => {
    const publisher = await party('杭州浏览器互诺发盘有限公司');
    const acceptor = await party('苏州浏览器互诺接受有限公司');
    const closed = await party('宁波浏览器未开通有限公司');
    for (const who of [publisher, acceptor]) expect((await apiCall(e2e.baseUrl, 'POST', '/api/system/users/openMutual', undefined, who.token)).code).toBe(200);
    const title = `浏览器互诺的电解铜 ${attemptTag()}`;
    const draft = await apiCall<ResourceRecord>(e2e.baseUrl, 'POST', '/api/r/mutualOffers', offerBody(title, { side: 'seller' }), publisher.token);
    expect(draft.code).toBe(200);

    // The publisher publishes it and lands on the result step.
    const p = await openSignedIn(e2e, publisher.token, STEP_MS);
    await p.page.goto(`/outgoing/chainInvitation/show/${draft.data.id}`);
    await pane(p.page).getByRole('button', { name: /发\s*布/ }).click();
    await p.page.getByRole('dialog').filter({ hasText: '确定发布吗' }).getByRole('button', { name: /确\s*定/ }).click();
    await p.page.waitForURL((url) => url.pathname === '/outgoing/resultsPage');
    await pane(p.page).getByText('互诺发盘已发布').waitFor();
    await pane(p.page).getByText(/已发布到互诺市场/).waitFor();

    // An account without the service sees it on the market but is told where to open the service.
    const c = await openSignedIn(e2e, closed.token, STEP_MS);
    await c.page.goto('/outgoing/chainInvitation?scope=market');
    await pane(c.page).getByRole('link', { name: '去开通' }).waitFor();
    await pane(c.page).locator('.ant-table-row', { hasText: title }).getByRole('button', { name: '查看' }).click();
    await pane(c.page).getByText('尚未开通互诺服务').waitFor();
    expect(await pane(c.page).getByRole('button', { name: '接受发盘' }).count()).toBe(0);

    // The acceptor accepts it from the mutual market and goes on to the contract.
    const a = await openSignedIn(e2e, acceptor.token, STEP_MS);
    await a.page.goto('/outgoing/chainInvitation');
    await pane(a.page).getByText('市场', { exact: true }).click();
    await pane(a.page).locator('.ant-table-row', { hasText: title }).getByRole('button', { name: '查看' }).click();
    await pane(a.page).getByRole('button', { name: '接受发盘' }).click();
    await a.page.getByRole('dialog').filter({ hasText: '确定接受吗' }).getByRole('button', { name: /确\s*定/ }).click();
    await a.page.waitForURL((url) => url.pathname === '/outgoing/resultsPage');
    await pane(a.page).getByText('已接受互诺发盘').waitFor();
    await pane(a.page).getByRole('button', { name: '查看并签署合同' }).click();
    await a.page.waitForURL((url) => url.pathname === '/contract/chainDetails');
    const contractId = new URL(a.page.url()).searchParams.get('id')!;
    await pane(a.page).getByText('互诺发盘', { exact: true }).first().waitFor();
    await pane(a.page).getByRole('button', { name: '签署合同' }).waitFor();

    // Both find it under contractChain; its row opens the mutual-promise detail page, which prints its text.
    for (const page of [a.page, p.page]) {
      await page.goto('/contract/contractChain');
      await pane(page).locator('.ant-table-row', { hasText: title }).getByRole('button', { name: '查看' }).click();
      await page.waitForURL((url) => url.pathname === '/contract/chainDetails' && url.searchParams.get('id') === contractId);
      await pane(page).getByText('苏州浏览器互诺接受有限公司').first().waitFor();
    }
    await pane(p.page).getByRole('button', { name: /合同文本/ }).click();
    await p.page.waitForURL((url) => url.pathname === '/contract/chainContractDetails');
    await pane(p.page).getByTestId('document-text').filter({ hasText: '合同类型：互诺合同' }).waitFor();
    expect(p.errors, 'publisher page errors').toEqual([]);
    expect(a.errors, 'acceptor page errors').toEqual([]);
    expect(c.errors, 'closed page errors').toEqual([]);
  });
});
