// Issue 28, item 2: one API serves every variant's console, and the mutual-promise variant (xhn)
// removes the payer's and payee's bill pages (/payment/paymentDetails, receiptDetails). A payer
// must still reach a bill waiting for confirmation from its todo and message in every variant,
// and every link a message or todo carries must open a route of the variant the reader uses
// (X-LSF-Variant, src/server/notify/links.ts). On both databases.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MessageView, Page, TodoView } from '../../src/shared/api';
import { VARIANT_IDS, getVariant } from '../../src/shared/menu';
import { opensIn, recordRoutes } from '../../src/shared/resources/recordPath';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { messages, smsCodes } from '../../src/server/db/schema';
import { hashCode } from '../../src/server/sms/codes';
import { SMS_CODE_TTL_MS } from '../../src/shared/constants';
import { MENU } from '../../src/shared/menu';
import { REPO_DEFINITIONS } from '../support/consolePaths';
import { money, moneySuite, signedContract } from '../support/funds';
import { dbAvailable, type TestServer } from '../support/server';
import type { TradingParty } from '../support/trading';

describe.skipIf(!dbAvailable)('links of messages and todos in every variant', { timeout: 240_000 }, () => {
  let s: TestServer, buyer: TradingParty, seller: TradingParty;
  let bill: ResourceRecord;
  moneySuite({ phone: '13800000281', password: 'Admin#2026' }, { buyer: '互诺链接买方有限公司', seller: '互诺链接卖方有限公司', third: '互诺链接第三方有限公司' }, '100000.00', (suite) => {
    ({ s, buyer, seller } = suite);
  });
  beforeAll(async () => {
    const contract = await signedContract(s, buyer, seller, '链接合同（待确权）');
    const issued = await s.call<ResourceRecord>('POST', '/api/r/bills', { token: seller.token, body: { contractId: contract.id, amount: '1200.00', dueDay: '2099-12-31' } });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    bill = issued.body.data;
  }, 240_000);

  const header = (variant?: string) => (variant ? { 'x-lsf-variant': variant } : undefined);
  const todos = async (who: TradingParty, variant?: string) =>
    (
      await s.call<Page<TodoView>>('POST', '/api/system/newTodo/todoList', {
        token: who.token,
        headers: header(variant),
        body: { businessType: variant ? getVariant(variant).todoBusinessType : '0', pageNo: 1, pageSize: 50 },
      })
    ).body.data.records;
  const todoCount = async (who: TradingParty, variant: string) =>
    (await s.call<number>('POST', '/api/system/newTodo/todoCount', { token: who.token, headers: header(variant), body: { businessType: getVariant(variant).todoBusinessType } })).body.data;
  const inbox = async (who: TradingParty, variant?: string) =>
    (await s.call<Page<MessageView>>('POST', '/api/system/message/list', { token: who.token, headers: header(variant), body: { pageNo: 1, pageSize: 50 } })).body.data.records;
  const routesOf = (variant: string) => recordRoutes(MENU, REPO_DEFINITIONS, getVariant(variant));
  const billPage = () => `/contractUpdate/contractPaymentDetails?id=${bill.id}`;

  it("shows the payer the bill waiting for confirmation in every variant: todo, message and list", async () => {
    for (const variant of VARIANT_IDS) {
      const todo = (await todos(buyer, variant)).find((t) => t.kind === 'billToConfirm');
      expect(todo, variant).toMatchObject({ link: billPage() });
      expect(await todoCount(buyer, variant), variant).toBeGreaterThanOrEqual(1);
      const message = (await inbox(buyer, variant)).find((m) => m.kind === 'billIssued');
      expect(message?.link, variant).toBe(billPage());
      expect(opensIn(routesOf(variant), billPage()), variant).toBe(true);
    }
    // The list the payer confirms from (menu.json billConfirmation: scope payer, state pendingConfirmation).
    const waiting = await s.call<Page<ResourceRecord>>('GET', '/api/r/bills?scope=payer&state=pendingConfirmation', { token: buyer.token });
    expect(waiting.body.data.records.map((b) => b.id)).toContain(bill.id);
  });

  it('answers a link stored for a page the variant removed as the same record in a page it has', async () => {
    const userId = (await s.call<{ id: string }>('GET', '/api/system/users/info', { token: buyer.token })).body.data.id;
    await s.ctx.db.insert(messages).values({ userId, kind: 'billIssued', params: { title: '旧链接', amount: '1200.00' }, link: `/payment/paymentDetails?id=${bill.id}`, createdAt: s.clock.now() });
    const stored = (list: MessageView[]) => list.find((m) => m.content.includes('旧链接'));
    expect(stored(await inbox(buyer))?.link).toBe(`/payment/paymentDetails?id=${bill.id}`);
    expect(stored(await inbox(buyer, 'main'))?.link).toBe(`/payment/paymentDetails?id=${bill.id}`);
    expect(stored(await inbox(buyer, 'xhn'))?.link).toBe(billPage());
    // A page the variant removed and that opens no record: no link rather than a dead one.
    await s.ctx.db.insert(messages).values({ userId, kind: 'billIssued', params: { title: '旧列表' }, link: '/payment/payManagement', createdAt: s.clock.now() });
    expect((await inbox(buyer, 'xhn')).find((m) => m.content.includes('旧列表'))?.link).toBeNull();
    expect((await inbox(buyer, 'main')).find((m) => m.content.includes('旧列表'))?.link).toBe('/payment/payManagement');
  });

  it("gives every link of both parties' messages and todos as a route of each variant, after the bill is confirmed", async () => {
    // Confirming takes the payer's SMS code: one as the SMS module stores it (dated a day back, not counted today).
    const now = s.clock.now().getTime();
    await s.ctx.db.insert(smsCodes).values({ phone: buyer.phone, scene: 'verify', codeHash: hashCode(buyer.phone, 'verify', '246810'), createdAt: new Date(now - 86_400_000), expiresAt: new Date(now + SMS_CODE_TTL_MS) });
    const confirmed = await money(s, buyer.token, `/api/r/bills/${bill.id}/actions/confirm`, { smsCode: '246810' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    let links = 0;
    for (const variant of VARIANT_IDS) {
      const routes = routesOf(variant);
      for (const who of [buyer, seller]) {
        const items = [...(await todos(who, variant)), ...(await inbox(who, variant))].filter((x) => !('content' in x) || !/旧(链接|列表)/.test(x.content));
        // As stored (no variant named): a message written without a link (welcome) has none anywhere.
        const stored = new Map([...(await todos(who)), ...(await inbox(who))].map((x) => [x.id, x.link]));
        for (const item of items) {
          if (!stored.get(item.id)) continue;
          expect(item.link, `${variant} ${item.kind}`).toBeTruthy();
          expect(opensIn(routes, item.link!), `${variant} ${item.kind}: ${item.link}`).toBe(true);
          links += 1;
        }
      }
      // The payee hears of the confirmation at the bill's page of its variant (xhn has no receiptDetails).
      const heard = (await inbox(seller, variant)).find((m) => m.kind === 'billConfirmed');
      expect(heard?.link, variant).toBe(variant === 'xhn' ? billPage() : `/payment/receiptDetails?id=${bill.id}`);
    }
    expect(links).toBeGreaterThan(20);
  });
});
