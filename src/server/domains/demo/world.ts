// The demo world (DESIGN §3), built only through the API the console uses: two enterprises that
// trade with each other, a person (a hardware shop) who trades with both, a wholesaler nobody
// signs in as (logins.ts DEMO_WHOLESALER), operators of four types, platform operations; their
// authentications reviewed, wallets funded by confirmed deposits, offers of the three kinds and
// contracts in every state the calendar allows now, withdrawals, notices. Messages and todos
// are the ones the product itself sends on these events. Money moves only by the product's
// actions, so the ledger's invariants hold.
import { chinaDay } from '../../../shared/chinaTime';
import { organizationCodeCheckChar, residentIdCheckChar, usccCheckChar } from '../../../shared/validators';
import type { DemoClient } from './client';
import { DAY_MS, DEMO_HISTORY_DAYS } from './clock';
import { DEMO_PASSWORD, DEMO_PEOPLE, DEMO_WHOLESALER } from './logins';

type Rec = Record<string, unknown> & { id: string; state?: string };
interface Person {
  phone: string;
  token: string;
}
interface Party {
  owner: Person;
  accountId: string;
  name: string;
}

/** What was made, per resource and state: the seeder prints it, the test compares with it. */
export type WorldSummary = Record<string, Record<string, number>>;

/** A valid unified social credit code for a company registered in `division`. */
const creditCode = (division: string, body: string) => {
  const first17 = `91${division}${body}${organizationCodeCheckChar(body)}`;
  return first17 + usccCheckChar(first17);
};

/** Goods the two enterprises trade: steel, copper, aluminium, cement... realistic sizes and prices. */
const GOODS = [
  { goodsName: '螺纹钢', spec: 'HRB400E Φ16', unit: 'ton', quantity: 120, unitPrice: '3850.00', category: 'rawMaterial' },
  { goodsName: '热轧卷板', spec: 'Q235B 4.75mm', unit: 'ton', quantity: 80, unitPrice: '4120.00', category: 'rawMaterial' },
  { goodsName: '电解铜', spec: 'Cu-CATH-1', unit: 'ton', quantity: 5, unitPrice: '68500.00', category: 'rawMaterial' },
  { goodsName: '铝锭', spec: 'A00 99.70%', unit: 'ton', quantity: 20, unitPrice: '19260.00', category: 'rawMaterial' },
  { goodsName: '普通硅酸盐水泥', spec: 'P.O 42.5', unit: 'ton', quantity: 300, unitPrice: '385.00', category: 'industrial' },
  { goodsName: '镀锌钢管', spec: 'DN50 3.5mm', unit: 'ton', quantity: 30, unitPrice: '5260.00', category: 'industrial' },
  { goodsName: '冷轧薄板', spec: 'SPCC 1.0mm', unit: 'ton', quantity: 40, unitPrice: '4580.00', category: 'rawMaterial' },
  { goodsName: '不锈钢板', spec: '304 2B 2.0mm', unit: 'ton', quantity: 10, unitPrice: '15200.00', category: 'rawMaterial' },
  { goodsName: 'H型钢', spec: 'Q355B 300×300', unit: 'ton', quantity: 50, unitPrice: '3990.00', category: 'rawMaterial' },
  { goodsName: '焊接钢丝', spec: 'ER50-6 Φ1.2', unit: 'box', quantity: 400, unitPrice: '128.00', category: 'industrial' },
  { goodsName: '角钢', spec: 'Q235B 50×5', unit: 'ton', quantity: 25, unitPrice: '3920.00', category: 'rawMaterial' },
  { goodsName: '钢筋桁架楼承板', spec: 'TD3-90', unit: 'set', quantity: 60, unitPrice: '860.00', category: 'industrial' },
];

/** The goods a title names (by its name or the name's last two characters, e.g. 水泥). */
const goodsOf = (title: string) => {
  const plain = title.replace(/\s/g, '');
  return GOODS.find((g) => plain.includes(g.goodsName)) ?? GOODS.find((g) => plain.includes(g.goodsName.slice(-2))) ?? GOODS[0];
};

/** The body of an offer for the goods its title names, deliverable and valid into next year. */
function offerBody(title: string, today: string, extra: Record<string, unknown> = {}) {
  const goods = goodsOf(title);
  const year = Number(today.slice(0, 4));
  return {
    title,
    ...goods,
    collateralRatio: 20,
    deliveryDate: `${year + 1}-01-20`,
    validUntil: `${year + 1}-03-31`,
    deliveryRegion: ['32', '3205', '320506'],
    terms: '货到买方指定仓库，验收合格后 3 个工作日内付清货款；质量异议须在到货后 7 日内书面提出。',
    ...extra,
  };
}

/** The server's clock as the seeder moves it (./clock.ts). */
export interface WorldClock {
  now(): Date;
  advance(ms: number): void;
}

/** A session lives 7 days (TOKEN_LIFETIME_MS): the seeder signs its people in again after 5. */
const SIGN_IN_AGAIN_MS = 5 * DAY_MS;

/** The person's bank card (Luhn-valid): named in its authentication, its deposits come from it and its withdrawals go to it. */
const PERSON_CARD = '6217001540012345672';

export async function buildWorld(api: DemoClient, ops: { phone: string; password: string }, clock: WorldClock): Promise<WorldSummary> {
  const summary: WorldSummary = {};
  const count = (resource: string, state: string) => {
    summary[resource] ??= {};
    summary[resource][state] = (summary[resource][state] ?? 0) + 1;
  };
  // The history ends DEMO_HISTORY_DAYS after the clock's time now; day(n) is n days before its end.
  const end = clock.now().getTime() + DEMO_HISTORY_DAYS * DAY_MS;
  const signedIn: { person: Person; password: string; at: number }[] = [];
  const signIn = async (phone: string, password: string): Promise<Person> => {
    const person = { phone, token: await api.signIn(phone, password) };
    signedIn.push({ person, password, at: clock.now().getTime() });
    return person;
  };
  /** Moves the server's clock to `daysAgo` days before the end of the history (never back). */
  async function day(daysAgo: number) {
    const target = end - daysAgo * DAY_MS;
    const now = clock.now().getTime();
    if (target > now) clock.advance(target - now);
    for (const s of signedIn) {
      if (clock.now().getTime() - s.at < SIGN_IN_AGAIN_MS) continue;
      s.person.token = await api.signIn(s.person.phone, s.password);
      s.at = clock.now().getTime();
    }
  }
  /** The China day `n` days after the server's today (negative: before). */
  const dayFromToday = (n: number) => chinaDay(new Date(clock.now().getTime() + n * DAY_MS));
  const today = dayFromToday(0);
  const opsPerson = await signIn(ops.phone, ops.password);

  // --- people ------------------------------------------------------------------------------
  async function registered(phone: string, userType: 'enterprise' | 'personal', enterpriseName?: string): Promise<Person> {
    const code = await api.smsCode(phone, 'register');
    await api.call('POST', '/api/register', { body: { userType, enterpriseName, phone, code, password: DEMO_PASSWORD, agree: true } });
    const person = await signIn(phone, DEMO_PASSWORD);
    // They have been here before: the platform agreement is accepted (the notices stay unread).
    await api.call('GET', '/api/system/LoginPlatform/confirm?platform=lsf', { token: person.token });
    return person;
  }
  const uploads = (token: string, n: number) => Promise.all(Array.from({ length: n }, (_, i) => api.upload(token, `scan-${i + 1}.png`)));

  async function enterprise(who: { phone: string; name: string }, company: { division: string; body: string; address: string; legalName: string; bankAccount: string; bank: string; branch: string; region: string[] }): Promise<Party> {
    const owner = await registered(who.phone, 'enterprise', who.name);
    const ids = await uploads(owner.token, 6);
    await api.call('POST', '/api/system/authentication/submit', {
      token: owner.token,
      body: {
        kind: 'enterprise',
        data: {
          name: who.name,
          creditCode: creditCode(company.division, company.body),
          location: company.region,
          address: company.address,
          industry: '51',
          legalName: company.legalName,
          legalIdImages: ids.slice(0, 3),
          legalIdExpiry: 'longTerm',
          legalPhone: who.phone,
          smsCode: await api.smsCode(who.phone, 'verify', owner.token),
          bankAccountName: who.name,
          bankAccount: company.bankAccount,
          bankBranch: { bank: company.bank, region: company.region, branch: company.branch },
          openingPermit: [ids[3]],
          indoorPhoto: [ids[4]],
          doorPhoto: [ids[5]],
        },
      },
    });
    const info = await api.call<{ accountId: string }>('GET', '/api/system/users/info', { token: owner.token });
    return { owner, accountId: info.accountId, name: who.name };
  }

  const buyer = await enterprise(DEMO_PEOPLE.buyer, {
    division: '330106',
    body: 'MA2H7K3C',
    address: '杭州市西湖区文三路 478 号华星时代广场 A 座 12 楼',
    legalName: '陈建国',
    bankAccount: '1202021109900123456',
    bank: '中国工商银行',
    branch: '杭州文三路支行',
    region: ['33', '3301', '330106'],
  });
  const seller = await enterprise(DEMO_PEOPLE.seller, {
    division: '320506',
    body: 'MA1N4P8Q',
    address: '苏州工业园区星湖街 328 号创意产业园 6 幢',
    legalName: '周海涛',
    bankAccount: '3224010400012345678',
    bank: '中国农业银行',
    branch: '苏州工业园区支行',
    region: ['32', '3205', '320506'],
  });
  const person = await registered(DEMO_PEOPLE.personal.phone, 'personal');
  const personIds = await uploads(person.token, 6);
  await api.call('POST', '/api/system/authentication/submit', {
    token: person.token,
    body: {
      kind: 'personal',
      data: {
        name: DEMO_PEOPLE.personal.name,
        sex: 'female',
        occupation: 'selfEmployed',
        occupationDetail: '经营建材五金门市部',
        phone: person.phone,
        idNumber: `${'33010619880312042'}${residentIdCheckChar('33010619880312042')}`,
        idExpiry: '2038-03-12',
        idImages: personIds.slice(0, 3),
        bankCardNumber: PERSON_CARD,
        bankName: '中国建设银行',
        bankCardImages: personIds.slice(3, 5),
        proof: [personIds[5]],
        location: ['33', '3301', '330106'],
        industry: '52',
      },
    },
  });
  const wholesaler = await enterprise(DEMO_WHOLESALER, {
    division: '330212',
    body: 'MA2J9R5T',
    address: '宁波市鄞州区宁南北路 1288 号五金机电城 3 号楼',
    legalName: '郑国良',
    bankAccount: '3901120009000456789',
    bank: '中国工商银行',
    branch: '宁波鄞州支行',
    region: ['33', '3302', '330212'],
  });
  // Operations review the four submissions.
  const queue = await api.call<{ records: Rec[] }>('GET', '/api/ops/authentications?status=submitted&pageSize=50', { token: opsPerson.token });
  for (const submitted of queue.records) {
    await api.call('POST', `/api/ops/authentications/${submitted.id}/approve`, { token: opsPerson.token });
    count('authentications', 'approved');
  }

  // Operators: the owner adds them, each binds with the code sent to its phone and signs in.
  async function operator(owner: Person, who: { phone: string; name: string }, operatorType: string): Promise<Person> {
    await api.call('POST', '/api/system/users/subAccount', { token: owner.token, body: { name: who.name, phone: who.phone, operatorType } });
    const code = await api.latestCode(who.phone);
    await api.call('POST', '/api/system/users/bindSubAccount', { body: { phone: who.phone, code, password: DEMO_PASSWORD } });
    const person = await signIn(who.phone, DEMO_PASSWORD);
    await api.call('GET', '/api/system/LoginPlatform/confirm?platform=lsf', { token: person.token });
    count('operators', operatorType);
    return person;
  }
  const purchaser = await operator(buyer.owner, DEMO_PEOPLE.purchaser, 'purchaser');
  const finance = await operator(buyer.owner, DEMO_PEOPLE.finance, 'finance');
  await operator(buyer.owner, DEMO_PEOPLE.viewer, 'viewer');
  const sales = await operator(seller.owner, DEMO_PEOPLE.sellerOperator, 'seller');
  const personAccountId = (await api.call<{ accountId: string }>('GET', '/api/system/users/info', { token: person.token })).accountId;
  // The two enterprises and the person open the mutual service; the wholesaler does not.
  for (const p of [buyer.owner, seller.owner, person]) await api.call('POST', '/api/system/users/openMutual', { token: p.token });

  // --- money in: deposits declared by the enterprises, confirmed or rejected by operations ----
  async function deposit(who: Person, amount: string, payerName: string, payerAccount: string, outcome: 'confirmed' | 'rejected' | 'declared') {
    const yesterday = dayFromToday(-1);
    const declared = await api.call<Rec>('POST', '/api/r/deposits', {
      token: who.token,
      body: { amount, payerName, payerAccount, transferDate: yesterday, reference: `HZ${yesterday.replaceAll('-', '')}${String(Object.values(summary.deposits ?? {}).reduce((a, b) => a + b, 0) + 1).padStart(4, '0')}` },
    });
    if (outcome === 'confirmed') await api.call('POST', `/api/r/deposits/${declared.id}/actions/confirm`, { token: opsPerson.token, body: {}, idempotent: true });
    if (outcome === 'rejected') await api.call('POST', `/api/r/deposits/${declared.id}/actions/reject`, { token: opsPerson.token, body: { reason: '未查到该笔入账，请核对付款账号与转账日期' } });
    count('deposits', outcome);
  }
  const buyerDeposit = (amount: string, outcome: 'confirmed' | 'declared') => deposit(finance, amount, buyer.name, '1202021109900123456', outcome);
  const sellerDeposit = (amount: string) => deposit(seller.owner, amount, seller.name, '3224010400012345678', 'confirmed');
  await buyerDeposit('400000.00', 'confirmed');
  await deposit(finance, '20000.00', '杭州西湖钢材贸易有限公司（旧账户）', '6222020200998877665', 'rejected');
  await sellerDeposit('200000.00');
  await deposit(person, '60000.00', DEMO_PEOPLE.personal.name, PERSON_CARD, 'confirmed');

  // --- money out: the seller withdraws part of its balance (over the month, below) -------------
  async function withdrawal(amount: string, remark: string, outcome: 'processing' | 'completed' | 'failed', who = seller.owner) {
    const draft = await api.call<Rec>('POST', '/api/r/withdrawals', { token: who.token, body: { amount, remark } });
    const act = (action: string, token: string, body: Record<string, unknown>) =>
      api.call<Rec>('POST', `/api/r/withdrawals/${draft.id}/actions/${action}`, { token, body, idempotent: true });
    await act('submit', who.token, { smsCode: await api.smsCode(who.phone, 'verify', who.token) });
    if (outcome === 'completed') await act('complete', opsPerson.token, {});
    if (outcome === 'failed') await act('fail', opsPerson.token, { reason: '收款账户户名与开户行登记不一致，资金已退回' });
    count('withdrawals', outcome);
  }

  // --- offers of the three kinds, in every state an offer reaches today -----------------------
  async function offer(resource: string, by: Person, title: string, state: 'draft' | 'published' | 'accepted' | 'declined' | 'withdrawn', other?: { person: Person; accountId: string }, extra: Record<string, unknown> = {}): Promise<Rec> {
    const named = state === 'declined' && other ? { counterpartyId: other.accountId } : {};
    const created = await api.call<Rec>('POST', `/api/r/${resource}`, { token: by.token, body: offerBody(title, today, { ...named, ...extra }) });
    count(resource, state);
    if (state === 'draft') return created;
    await api.call('POST', `/api/r/${resource}/${created.id}/actions/publish`, { token: by.token, body: {} });
    if (state === 'accepted') return api.call<Rec>('POST', `/api/r/${resource}/${created.id}/actions/accept`, { token: other!.person.token, body: {} });
    if (state === 'declined') await api.call('POST', `/api/r/${resource}/${created.id}/actions/decline`, { token: other!.person.token, body: { declineReason: '交货期无法满足，下次合作' } });
    if (state === 'withdrawn') await api.call('POST', `/api/r/${resource}/${created.id}/actions/withdraw`, { token: by.token, body: { reason: '需求调整，重新询价' } });
    return created;
  }
  const toSeller = { person: sales, accountId: seller.accountId };
  const toBuyer = { person: purchaser, accountId: buyer.accountId };
  await offer('purchaseOffers', purchaser, '二季度螺纹钢采购（草稿）', 'draft');
  await offer('purchaseOffers', purchaser, '华东区热轧卷板年度采购', 'published');
  await offer('purchaseOffers', buyer.owner, '电解铜定向采购', 'declined', toSeller);
  await offer('purchaseOffers', purchaser, '铝锭现货采购', 'withdrawn');
  await offer('supplyOffers', sales, '冷轧薄板现货供应（草稿）', 'draft');
  await offer('supplyOffers', sales, '不锈钢板 304 现货供应', 'published');
  await offer('supplyOffers', seller.owner, 'H 型钢定向供应', 'declined', toBuyer);
  await offer('supplyOffers', sales, '角钢库存清仓', 'withdrawn');
  const supplied = await offer('supplyOffers', sales, '镀锌钢管长期供应', 'accepted', toBuyer);
  await offer('mutualOffers', sales, '互诺：焊接钢丝季度供应（草稿）', 'draft', undefined, { side: 'seller' });
  await offer('mutualOffers', sales, '互诺：水泥季度供应', 'published', undefined, { side: 'seller' });
  await offer('mutualOffers', seller.owner, '互诺：楼承板定向供应', 'declined', toBuyer, { side: 'seller' });
  await offer('mutualOffers', sales, '互诺：角钢长期供应', 'withdrawn', undefined, { side: 'seller' });
  const mutual = await offer('mutualOffers', buyer.owner, '互诺：螺纹钢定向采购', 'accepted', toSeller, { side: 'buyer' });

  // --- contracts in every state: each from a purchase offer the seller accepted ---------------
  // Made at the start of the month; deliveries, objections and receipts (`late`) in its last days,
  // as a delivered contract is released by itself 7 days after delivery.
  await day(29);
  const late: (() => Promise<void>)[] = [];
  let frameworkId = '';
  let reverseId = '';
  /** The contracts the person and the wholesaler trade under (settlementMonth), each with a party that reads it. */
  const personContracts: { id: string; party: Person }[] = [];
  const contract = (path: string, token: string, body: Record<string, unknown> = {}) => api.call<Rec>('POST', `/api/r/contracts/${path}`, { token, body, idempotent: true });
  /** `who` runs `action`, with a fresh SMS code of its own when the action asks for one. */
  const step = async (who: Person, id: string, action: string, body: Record<string, unknown> = {}, sms = false) =>
    contract(`${id}/actions/${action}`, who.token, sms ? { ...body, smsCode: await api.smsCode(who.phone, 'verify', who.token) } : body);
  const contractIds: Record<string, string> = {};
  // SMS codes are spread over owners and operators: at most 10 per phone and day.
  const plan: { state: string; title: string; buyerSide: Person; sellerSide: Person }[] = [
    { state: 'pendingSignature', title: '螺纹钢 HRB400E 采购合同', buyerSide: purchaser, sellerSide: sales },
    { state: 'rejected', title: '热轧卷板采购（买方拒签）', buyerSide: purchaser, sellerSide: seller.owner },
    { state: 'cancelled', title: '电解铜采购（卖方撤销）', buyerSide: buyer.owner, sellerSide: sales },
    { state: 'signed', title: '铝锭 A00 采购合同', buyerSide: buyer.owner, sellerSide: seller.owner },
    { state: 'collateralPaid', title: '水泥 P.O 42.5 采购合同', buyerSide: purchaser, sellerSide: sales },
    { state: 'delivered', title: '镀锌钢管采购合同', buyerSide: buyer.owner, sellerSide: seller.owner },
    { state: 'objection', title: '冷轧薄板采购合同', buyerSide: purchaser, sellerSide: sales },
    { state: 'completed', title: '不锈钢板 304 采购合同', buyerSide: buyer.owner, sellerSide: seller.owner },
    { state: 'refunded', title: 'H 型钢采购合同', buyerSide: purchaser, sellerSide: sales },
  ];
  for (const { state, title, buyerSide, sellerSide } of plan) {
    const accepted = await offer('purchaseOffers', buyerSide, title, 'accepted', { person: sellerSide, accountId: seller.accountId });
    const id = String(accepted.contractId);
    contractIds[state] = id;
    // The seller accepted, so the contract is the seller's: the buyer may reject it, the seller cancel it.
    if (state === 'rejected') await step(buyerSide, id, 'reject', { reason: '价格条款需重新协商' });
    if (state === 'cancelled') await step(sellerSide, id, 'cancel', { reason: '库存不足，暂无法供货' });
    if (['pendingSignature', 'rejected', 'cancelled'].includes(state)) continue;
    await step(buyerSide, id, 'sign', {}, true);
    await step(sellerSide, id, 'sign', {}, true);
    if (state === 'signed') continue;
    await step(buyerSide, id, 'payCollateral', {}, true);
    if (state === 'collateralPaid') continue;
    if (state === 'refunded') {
      await step(buyerSide, id, 'object', { objectionReason: '卖方未按约定日期发货，申请退还货款' }, true);
      await step(opsPerson, id, 'resolveRefund', { resolution: '经核实卖方逾期未发货，全额退还买方', deposit: 'refund' });
      continue;
    }
    late.push(async () => {
      await step(sellerSide, id, 'deliver', { deliveryNote: '已由德邦物流发货，运单号 DPK2026112500318，预计 3 日内到达' });
      if (state === 'objection') await step(buyerSide, id, 'object', { objectionReason: '到货板材表面有锈蚀，与合同约定的 SPCC 标准不符' }, true);
      if (state === 'completed') await step(buyerSide, id, 'confirmReceipt', {}, true);
    });
  }

  // --- a month of settlement under a framework contract -------------------------------------
  await settlementMonth();
  await day(2);
  for (const run of late) await run();
  const states = await Promise.all([
    ...[...Object.values(contractIds), String(supplied.contractId), String(mutual.contractId), frameworkId, reverseId].map((id) => api.call<Rec>('GET', `/api/r/contracts/${id}`, { token: buyer.owner.token })),
    ...personContracts.map(({ id, party }) => api.call<Rec>('GET', `/api/r/contracts/${id}`, { token: party.token })),
  ]);
  for (const c of states) count('contracts', String(c.state));

  await day(1);
  await buyerDeposit('50000.00', 'declared');
  await invoice(contractIds.delivered, '157800.00', '镀锌钢管到货，请开具增值税专用发票');
  await day(0);
  // What the month left, as the buyer's lists show it (both sides of its bills and requests).
  for (const [resource, scopes] of [['bills', ['payer', 'payee']], ['paymentRequests', ['payer', 'payee']], ['invoiceRequests', ['']]] as const) {
    const seen = new Set<string>();
    for (const scope of scopes) {
      const page = await api.call<{ records: Rec[] }>('GET', `/api/r/${resource}?pageSize=100${scope ? `&scope=${scope}` : ''}`, { token: buyer.owner.token });
      for (const r of page.records) {
        if (seen.has(r.id)) continue;
        seen.add(r.id);
        count(resource, String(r.state));
        if (resource === 'bills' && r.delayReason) count(resource, 'delayed');
      }
    }
  }

  /**
   * The month's settlement, day by day (day(n): n days before today), so that every page has
   * something and the wallets a month of history: bills under a framework contract confirmed,
   * paid, paid in part, overdue and delayed; a clearing run (ops) that cleared a cycle (the buyer
   * also billed the seller) and left the buyer unsettled, as its balance did not cover what it
   * still owed; payment requests in every state; invoices issued, rejected and requested; deposits
   * and withdrawals between. Every bill the run saw is confirmed before it, every other after it,
   * and the buyer owes the seller more than it holds at the end: a later run (the daily job)
   * leaves the bills as they are.
   */
  async function settlementMonth() {
    await day(28);
    const framework = await offer('purchaseOffers', buyer.owner, '螺纹钢年度框架采购合同', 'accepted', { person: seller.owner, accountId: seller.accountId }, { quantity: 1200 });
    frameworkId = String(framework.contractId);
    await step(buyer.owner, frameworkId, 'sign', {}, true);
    await step(seller.owner, frameworkId, 'sign', {}, true);

    const confirmation = async (who: Person) => ({ smsCode: await api.smsCode(who.phone, 'verify', who.token) });
    const bill = async (payee: Person, amount: string, dueInDays: number, remark: string, contractId = frameworkId) =>
      (await api.call<Rec>('POST', '/api/r/bills', { token: payee.token, body: { contractId, amount, dueDay: dayFromToday(dueInDays), remark } })).id;
    const billAct = async (who: Person, id: string, action: string, body: Record<string, unknown> = {}, money = false) =>
      api.call<Rec>('POST', `/api/r/bills/${id}/actions/${action}`, { token: who.token, body: money ? { ...body, ...(await confirmation(who)) } : body, idempotent: true });
    const request = async (amount: string, reason: string, submit = true, contractId = frameworkId) => {
      const made = await api.call<Rec>('POST', '/api/r/paymentRequests', { token: seller.owner.token, body: { contractId, amount, dueDay: dayFromToday(10), reason } });
      if (submit) await requestAct(seller.owner, made.id, 'submit');
      return made.id;
    };
    const requestAct = async (who: Person, id: string, action: string, body: Record<string, unknown> = {}, money = false) =>
      api.call<Rec>('POST', `/api/r/paymentRequests/${id}/actions/${action}`, { token: who.token, body: money ? { ...body, ...(await confirmation(who)) } : body, idempotent: true });

    // The other way round: the buyer sells the seller its surplus angle steel; the seller pays the
    // collateral, objects to the delivery (late) and is billed for the freight, not yet confirmed.
    const surplus = await offer('supplyOffers', buyer.owner, '角钢余料转售', 'accepted', { person: seller.owner, accountId: buyer.accountId });
    reverseId = String(surplus.contractId);
    await step(seller.owner, reverseId, 'sign', {}, true);
    await step(buyer.owner, reverseId, 'sign', {}, true);
    await step(seller.owner, reverseId, 'payCollateral', {}, true);
    late.push(async () => {
      await step(buyer.owner, reverseId, 'deliver', { deliveryNote: '自有车辆送货，车牌浙A·5K213' });
      await step(seller.owner, reverseId, 'object', { objectionReason: '到货角钢规格为 45×4，与合同约定的 50×5 不符' }, true);
    });

    // The person's shop: it buys galvanised pipe from the seller (collateral paid, billed below)
    // and cold-rolled sheet it never received (objection, refunded), sells welding wire to the
    // buyer, buys cement from the wholesaler; it publishes a mutual offer and has one accepted by
    // the buyer, not yet signed. The seller buys welding wire from the wholesaler.
    const shop = { person, accountId: personAccountId };
    const fromWholesaler = { person: wholesaler.owner, accountId: wholesaler.accountId };
    const signBoth = async (first: Person, second: Person, id: string) => {
      await step(first, id, 'sign', {}, true);
      await step(second, id, 'sign', {}, true);
    };
    const pipe = String((await offer('supplyOffers', sales, '镀锌钢管门市供应', 'accepted', shop, { quantity: 4 })).contractId);
    await signBoth(person, sales, pipe);
    await step(person, pipe, 'payCollateral', {}, true);
    const sheet = String((await offer('supplyOffers', sales, '冷轧薄板门市供应', 'accepted', shop, { quantity: 2 })).contractId);
    await signBoth(person, sales, sheet);
    await step(person, sheet, 'payCollateral', {}, true);
    await step(person, sheet, 'object', { objectionReason: '约定到货日已过仍未发货，申请退还保证金' }, true);
    await step(opsPerson, sheet, 'resolveRefund', { resolution: '经核实卖方未按期发货，保证金全额退还买方', deposit: 'refund' });
    const wire = String((await offer('supplyOffers', person, '焊接钢丝门市转让', 'accepted', toBuyer, { quantity: 150 })).contractId);
    await signBoth(person, purchaser, wire);
    const cement = String((await offer('purchaseOffers', person, '门市部水泥采购', 'accepted', fromWholesaler, { quantity: 60 })).contractId);
    await signBoth(person, wholesaler.owner, cement);
    const wholesale = String((await offer('supplyOffers', wholesaler.owner, '焊接钢丝批发供应', 'accepted', { person: seller.owner, accountId: seller.accountId })).contractId);
    await signBoth(wholesaler.owner, seller.owner, wholesale);
    await offer('mutualOffers', person, '互诺：楼承板门市供应', 'published', undefined, { side: 'seller', quantity: 20 });
    await offer('mutualOffers', person, '互诺：水泥门市供应', 'accepted', { person: buyer.owner, accountId: buyer.accountId }, { side: 'seller', quantity: 40 });
    personContracts.push(...[pipe, sheet, wire, cement].map((id) => ({ id, party: person })), { id: wholesale, party: seller.owner });

    await day(27);
    const paid = await bill(seller.owner, '96000.00', 20, '第一批螺纹钢货款（2 月到货）');
    const cycle = await bill(seller.owner, '420000.00', 30, '第二批螺纹钢货款（3 月到货）');
    const back = await bill(buyer.owner, '86000.00', 30, '代垫运输及仓储费用');
    // The shop bills the buyer for the wire (in the run below: the buyer does not settle it); the
    // wholesaler bills the shop and the seller (never in a run: it has no mutual service).
    const wireBill = await bill(person, '15360.00', 25, '焊接钢丝货款', wire);
    const cementBill = await bill(wholesaler.owner, '12000.00', 30, '首批水泥货款', cement);
    const wholesaleBill = await bill(wholesaler.owner, '38400.00', 30, '焊接钢丝批发货款', wholesale);
    await day(26);
    await billAct(finance, paid, 'confirm', {}, true);
    await billAct(finance, cycle, 'confirm', {}, true);
    await billAct(seller.owner, back, 'confirm', {}, true);
    await billAct(finance, wireBill, 'confirm', {}, true);
    await billAct(person, cementBill, 'confirm', {}, true);
    await billAct(seller.owner, wholesaleBill, 'confirm', {}, true);
    await day(25);
    await withdrawal('50000.00', '货款提现', 'completed');
    await day(24);
    await billAct(finance, paid, 'pay', { payAmount: '96000.00' }, true);

    // The clearing run: 86,000 cancels in the cycle; the buyer's balance does not cover the rest it owes.
    await day(20);
    const run = await api.call<{ amountUnsettled: string }>('POST', '/api/settlement/clearing-runs', { token: opsPerson.token, body: {}, idempotent: true });
    count('clearingRuns', Number(run.amountUnsettled) > 0 ? 'leftUnsettled' : 'settled');
    await invoice(contractIds.completed, '152000.00', '不锈钢板合同全额开票', 'issued');

    await day(19);
    await buyerDeposit('600000.00', 'confirmed');
    const overdue = await bill(seller.owner, '380000.00', 9, '第三批螺纹钢货款（账期 10 天）');
    await day(18);
    await billAct(finance, overdue, 'confirm', {}, true);
    const part = await bill(seller.owner, '220000.00', 28, '第四批螺纹钢货款');
    const pipeBill = await bill(seller.owner, '8000.00', 15, '首批镀锌钢管货款', pipe);
    await day(17);
    await billAct(finance, part, 'confirm', {}, true);
    await billAct(person, pipeBill, 'confirm', {}, true);
    await day(16);
    await billAct(finance, part, 'pay', { payAmount: '100000.00' }, true);
    await billAct(person, pipeBill, 'pay', { payAmount: '8000.00' }, true);
    await day(15);
    const delayed = await bill(seller.owner, '150000.00', 10, '第五批螺纹钢货款');
    await day(14);
    await billAct(finance, delayed, 'confirm', {}, true);
    await withdrawal('30000.00', '备用金提现', 'failed');
    await day(13);
    const requestPaid = await request('45000.00', '螺纹钢加工费请款');
    await day(12);
    await requestAct(finance, requestPaid, 'confirm');
    await sellerDeposit('150000.00');
    const confirmed = await bill(seller.owner, '260000.00', 27, '第六批螺纹钢货款');
    await day(11);
    await billAct(finance, confirmed, 'confirm', {}, true);
    const requestPart = await request('80000.00', '螺纹钢运费及装卸费请款');
    await requestAct(finance, requestPart, 'confirm');
    await day(10);
    await requestAct(finance, requestPaid, 'pay', { payAmount: '45000.00' }, true);
    await day(9);
    await requestAct(finance, requestPart, 'pay', { payAmount: '30000.00' }, true);
    const rejected = await bill(seller.owner, '40000.00', 20, '螺纹钢短途倒运费');
    const requestRejected = await request('66000.00', '螺纹钢检测费请款');
    await day(8);
    await billAct(finance, rejected, 'reject', { reason: '倒运费已含在货款单价中，不应另行开具' });
    await requestAct(finance, requestRejected, 'reject', { reason: '检测费按合同由卖方承担' });
    await buyerDeposit('200000.00', 'confirmed');
    await day(7);
    await billAct(seller.owner, delayed, 'delay', { dueDay: dayFromToday(27), reason: '买方申请延期，经协商同意延期至下月' });
    const cancelled = await bill(seller.owner, '12000.00', 20, '包装费');
    await billAct(seller.owner, cancelled, 'cancel', { reason: '金额有误，撤销后重开' });
    await day(6);
    const requestCancelled = await request('25000.00', '螺纹钢仓储费请款');
    await bill(seller.owner, '6000.00', 20, '第二批镀锌钢管货款', pipe);
    await request('1500.00', '镀锌钢管送货上门费请款', true, pipe);
    await day(5);
    await requestAct(seller.owner, requestCancelled, 'cancel', { reason: '仓储费已并入下期账单' });
    const toReject = await invoice(frameworkId, '500000.00', '框架合同预开票');
    await day(4);
    await api.call('POST', `/api/r/invoiceRequests/${toReject}/actions/reject`, { token: opsPerson.token, body: { reason: '合同尚未履行完毕，暂不能预开发票' } });
    const requestConfirmed = await request('58000.00', '螺纹钢吊装费请款');
    await day(3);
    await requestAct(finance, requestConfirmed, 'confirm');
    await bill(seller.owner, '75000.00', 23, '第七批螺纹钢货款');
    await day(2);
    await withdrawal('20000.00', '货款提现', 'processing');
    await withdrawal('30000.00', '备用金提现', 'completed', buyer.owner);
    await withdrawal('5000.00', '门市部周转金提现', 'completed', person);
    await bill(buyer.owner, '3200.00', 15, '角钢余料运费', reverseId);
    await invoice(frameworkId, '96000.00', '第一批螺纹钢货款开票', undefined, seller.owner);
    await request('36000.00', '螺纹钢质检复检费请款');
    await request('42000.00', '螺纹钢二次配送费请款', false);
    await invoice(pipe, '8000.00', '首批镀锌钢管开具普通发票', undefined, person);
  }

  /** The buyer asks for an invoice under a contract; with `issued`, operations issue it (its file uploaded by them). */
  async function invoice(contractId: string, amount: string, remark: string, outcome?: 'issued', requester = buyer.owner): Promise<string> {
    // An enterprise asks for a special VAT invoice to its tax number; the person for a plain one in its name.
    const body =
      requester === buyer.owner
        ? { invoiceType: 'special', buyerName: buyer.name, taxNumber: creditCode('330106', 'MA2H7K3C'), email: 'finance@xihusteel.example.cn', receiverPhone: DEMO_PEOPLE.finance.phone }
        : requester === seller.owner
          ? { invoiceType: 'special', buyerName: seller.name, taxNumber: creditCode('320506', 'MA1N4P8Q'), email: 'caiwu@hdjinshu.example.cn', receiverPhone: DEMO_PEOPLE.seller.phone }
          : { invoiceType: 'normal', buyerName: DEMO_PEOPLE.personal.name, email: 'lixiaomei.shop@example.cn', receiverPhone: DEMO_PEOPLE.personal.phone };
    const made = await api.call<Rec>('POST', '/api/r/invoiceRequests', { token: requester.token, body: { amount, contractId, remark, ...body } });
    if (outcome === 'issued') {
      const file = await api.upload(opsPerson.token, 'invoice.png');
      await api.call('POST', `/api/r/invoiceRequests/${made.id}/actions/issue`, {
        token: opsPerson.token,
        body: { invoiceNumber: `3301${today.replaceAll('-', '')}0001`, invoiceDate: dayFromToday(0), issuedAmount: amount, invoiceFile: [file] },
      });
    }
    return made.id;
  }

  // --- notices from operations (unread: each user meets them at the next sign-in) -------------
  const notices = [
    { noticeTitle: '欢迎体验链上付演示环境', noticeContent: '<p>这是一个演示环境：登录页列出了各角色的演示账号，数据可随意操作。图形验证码答案见 <code>/api/dev/outbox</code>。</p>' },
    { noticeTitle: '关于 2027 年元旦假期资金清算安排的通知', noticeContent: '<p>元旦假期期间（1 月 1 日至 1 月 3 日）入金确认与提现处理顺延至 1 月 4 日，请提前安排资金。</p>' },
    { noticeTitle: '平台服务协议更新提示', noticeContent: '<p>平台服务协议第 7 条（异议处理时限）已更新，异议须在到货后 7 日内提出。</p>' },
  ];
  for (const n of notices) {
    await api.call('POST', '/api/system/notice', { token: opsPerson.token, body: { ...n, platforms: ['lsf'] } });
    count('notices', 'published');
  }
  return summary;
}
