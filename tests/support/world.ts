// The world builder: parties, money, contracts and bills in the state a test starts from, made
// through the product's HTTP API as its users make them (the demo seeder's client: envelopes,
// Idempotency-Keys on money actions, SMS codes from the development outbox). Nothing is written
// behind the API's back: an approved party submitted its authentication and ops approved it; a
// balance is a deposit ops confirmed; a delivered contract was signed, paid for and delivered.
// One builder serves the API suites (a TestServer) and the browser journeys (an E2eApp), so a
// journey starts at the page it is about.
import { randomInt } from 'node:crypto';
import { demoClient, type DemoClient } from '../../src/server/domains/demo/client';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { organizationCodeCheckChar, residentIdCheckChar, usccCheckChar } from '../../src/shared/validators';
import { offerBody } from './bodies';
import { newPhone, PASSWORD } from './flows';

/** What a world is built on: a server's origin, a clock the server reads (moved past the SMS resend window), its ops login if any. */
export interface WorldHost {
  baseUrl: string;
  clock: { advance(ms: number): void };
  /** Platform operations (the server's ADMIN_PHONE, ADMIN_PASSWORD): approvals and deposits need them. */
  ops?: { phone: string; password: string };
}

export interface Party {
  phone: string;
  password: string;
  /** A session of the owner (signed in over the API). */
  token: string;
  accountId: string;
  name: string;
  /** An approved enterprise's unified social credit code (what tells two accounts of one name apart). */
  creditCode?: string;
}

export interface PartyOptions {
  /** The enterprise name (an enterprise account); without it a personal account. */
  name?: string;
  /** Authenticated (submitted and approved by ops): only approved accounts trade. A person names its bank card (PERSON_CARD). */
  approved?: boolean;
  /** Money deposited and confirmed by ops, available in the wallet. */
  balance?: string;
  /** The platform agreement accepted and every notice read (default): no start-up dialogs in the console. */
  settled?: boolean;
}

export type ContractState = 'pendingSignature' | 'rejected' | 'cancelled' | 'signed' | 'collateralPaid' | 'delivered' | 'completed' | 'objection' | 'refunded';
export type BillState = 'pendingConfirmation' | 'rejected' | 'cancelled' | 'confirmed' | 'partiallyPaid' | 'paid';

export interface ContractOptions {
  state: ContractState;
  /** Default: a new approved enterprise with enough balance for the collateral. */
  buyer?: Party;
  /** Default: a new approved enterprise. */
  seller?: Party;
  title?: string;
  /** Offer fields over bodies.ts's offerBody (20 t of rebar at 4,000.00, 20% collateral). */
  offer?: Record<string, unknown>;
}

export interface BillOptions {
  state: BillState;
  payer: Party;
  payee: Party;
  amount?: string;
  /** What `partiallyPaid` pays (default: half the amount). */
  paidPart?: string;
  /** A signed contract between them (default: a new one, the payer buying). */
  contractId?: string;
  dueDay?: string;
  remark?: string;
}

/** The path through the contract's actions to each state (contracts.json): who acts, and whether with an SMS code. */
const CONTRACT_PATH: Record<ContractState, { action: string; by: 'buyer' | 'seller' | 'ops'; sms?: boolean; body?: Record<string, unknown> }[]> = (() => {
  const sign = [
    { action: 'sign', by: 'buyer', sms: true },
    { action: 'sign', by: 'seller', sms: true },
  ] as const;
  const paid = [...sign, { action: 'payCollateral', by: 'buyer', sms: true }] as const;
  const delivered = [...paid, { action: 'deliver', by: 'seller', body: { deliveryNote: '已按合同发货' } }] as const;
  const objection = [...paid, { action: 'object', by: 'buyer', sms: true, body: { objectionReason: '卖方未按约定日期发货' } }] as const;
  return {
    pendingSignature: [],
    rejected: [{ action: 'reject', by: 'buyer', body: { reason: '价格条款需重新协商' } }],
    cancelled: [{ action: 'cancel', by: 'seller', body: { reason: '库存不足，暂无法供货' } }],
    signed: [...sign],
    collateralPaid: [...paid],
    delivered: [...delivered],
    completed: [...delivered, { action: 'confirmReceipt', by: 'buyer', sms: true }],
    objection: [...objection],
    refunded: [...objection, { action: 'resolveRefund', by: 'ops', body: { resolution: '经核实卖方逾期未发货，全额退还买方', deposit: 'refund' } }],
  };
})();

/** A valid unified social credit code of a company registered in Hangzhou (a fresh random one). */
function creditCode(): string {
  const body = `MA${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
  const first17 = `91330106${body}${organizationCodeCheckChar(body)}`;
  return first17 + usccCheckChar(first17);
}

/** The bank card an approved person of the world names in its authentication (Luhn-valid). */
export const PERSON_CARD = '6217001540012345672';

/** The balance a default buyer gets: the collateral of the largest contract the world makes, and room to pay bills. */
const DEFAULT_BUYER_BALANCE = '100000.00';

export class World {
  readonly api: DemoClient;
  private opsToken?: Promise<string>;

  constructor(private readonly host: WorldHost) {
    this.api = demoClient(host.baseUrl, (ms) => host.clock.advance(ms));
  }

  /** A session of platform operations (signed in once per world). */
  ops(): Promise<string> {
    const { ops } = this.host;
    if (!ops) return Promise.reject(new Error('world: this server has no platform operations login (start it with ADMIN_PHONE and ADMIN_PASSWORD)'));
    this.opsToken ??= this.api.signIn(ops.phone, ops.password);
    return this.opsToken;
  }

  /** A fresh verify-scene SMS code for `who` (the clock moved past the resend window). */
  smsCode(who: Party): Promise<string> {
    return this.api.smsCode(who.phone, 'verify', who.token);
  }

  /** A new account, registered and signed in over the API, in the state `opts` asks for. */
  async party(opts: PartyOptions = {}): Promise<Party> {
    const phone = newPhone();
    const code = await this.api.smsCode(phone, 'register');
    await this.api.call('POST', '/api/register', {
      body: { userType: opts.name ? 'enterprise' : 'personal', enterpriseName: opts.name, phone, code, password: PASSWORD, agree: true },
    });
    const token = await this.api.signIn(phone, PASSWORD);
    const { accountId } = await this.api.call<{ accountId: string }>('GET', '/api/system/users/info', { token });
    const party: Party = { phone, password: PASSWORD, token, accountId, name: opts.name ?? phone };
    if (opts.settled ?? true) await this.settle(party);
    if (opts.approved) await this.approve(party, opts.name ? 'enterprise' : 'personal');
    if (opts.balance) await this.deposit(party, opts.balance);
    return party;
  }

  /** The platform agreement accepted and every unread notice read, as the console's dialogs do. */
  async settle(who: { token: string }, platform = 'lsf'): Promise<void> {
    await this.api.call('GET', `/api/system/LoginPlatform/confirm?platform=${platform}`, { token: who.token });
    const unread = await this.api.call<{ noticeId: string }[]>('GET', `/api/system/notice/unread?platform=${platform}`, { token: who.token });
    for (const notice of unread) await this.api.call('GET', `/api/system/notice/readed?noticeId=${notice.noticeId}`, { token: who.token });
  }

  /** The authentication submitted (with the bank account or card where withdrawals go) and approved by ops. */
  async approve(party: Party, kind: 'enterprise' | 'personal'): Promise<void> {
    const uploads = await Promise.all(Array.from({ length: 6 }, (_, i) => this.api.upload(party.token, `scan-${i + 1}.png`)));
    const submitted = await this.api.call<{ id: string }>('POST', '/api/system/authentication/submit', {
      token: party.token,
      body: kind === 'personal' ? this.personalAuthentication(party, uploads) : {
        kind: 'enterprise',
        data: {
          name: party.name,
          creditCode: (party.creditCode = creditCode()),
          location: ['33', '3301', '330106'],
          address: '杭州市西湖区文三路 478 号',
          industry: '51',
          legalName: '陈建国',
          legalIdImages: uploads.slice(0, 3),
          legalIdExpiry: 'longTerm',
          legalPhone: party.phone,
          smsCode: await this.smsCode(party),
          bankAccountName: party.name,
          bankAccount: '6222020200112233445',
          bankBranch: { bank: '中国工商银行', region: ['33', '3301', '330106'], branch: '杭州西湖支行' },
          openingPermit: [uploads[3]],
          indoorPhoto: [uploads[4]],
          doorPhoto: [uploads[5]],
        },
      },
    });
    await this.api.call('POST', `/api/ops/authentications/${submitted.id}/approve`, { token: await this.ops() });
  }

  /** A person's authentication (SPEC §3) with its bank card: the person is then named 王小明. */
  private personalAuthentication(party: Party, uploads: string[]) {
    party.name = '王小明';
    return {
      kind: 'personal',
      data: {
        name: party.name,
        sex: 'male',
        occupation: 'selfEmployed',
        phone: party.phone,
        idNumber: `11010519491231002${residentIdCheckChar('11010519491231002')}`,
        idExpiry: 'longTerm',
        idImages: uploads.slice(0, 3),
        bankCardNumber: PERSON_CARD,
        bankName: '中国建设银行',
        bankCardImages: uploads.slice(3, 5),
        location: ['33', '3301', '330106'],
        industry: '52',
      },
    };
  }

  /** `amount` deposited by `who` and confirmed by ops: it is then available. Answers the deposit. */
  async deposit(who: Party, amount: string): Promise<ResourceRecord> {
    const declared = await this.api.call<ResourceRecord>('POST', '/api/r/deposits', {
      token: who.token,
      body: { amount, payerName: who.name, payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference: `WORLD-${randomInt(0, 1e9)}` },
    });
    return this.api.call<ResourceRecord>('POST', `/api/r/deposits/${declared.id}/actions/confirm`, { token: await this.ops(), body: {}, idempotent: true });
  }

  /** `who` runs the contract action, with a fresh SMS code of its own when `sms`; answers the contract after it. */
  async contractStep(who: Party | 'ops', id: string, action: string, body: Record<string, unknown> = {}, sms = false): Promise<ResourceRecord> {
    const token = who === 'ops' ? await this.ops() : who.token;
    const withCode = sms && who !== 'ops' ? { ...body, smsCode: await this.smsCode(who) } : body;
    return this.api.call<ResourceRecord>('POST', `/api/r/contracts/${id}/actions/${action}`, { token, body: withCode, idempotent: true });
  }

  /**
   * A contract in `state`: the buyer's purchase offer published and accepted by the seller, then
   * the actions that lead to the state, each by the party whose step it is.
   */
  async contract(opts: ContractOptions): Promise<{ id: string; offerId: string; buyer: Party; seller: Party; record: ResourceRecord }> {
    const buyer = opts.buyer ?? (await this.party({ name: `世界买方${randomInt(0, 1e6)}有限公司`, approved: true, balance: DEFAULT_BUYER_BALANCE }));
    const seller = opts.seller ?? (await this.party({ name: `世界卖方${randomInt(0, 1e6)}有限公司`, approved: true }));
    const offer = await this.api.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: buyer.token, body: offerBody(opts.title ?? '螺纹钢采购合同', opts.offer) });
    await this.api.call('POST', `/api/r/purchaseOffers/${offer.id}/actions/publish`, { token: buyer.token, body: {} });
    const accepted = await this.api.call<ResourceRecord>('POST', `/api/r/purchaseOffers/${offer.id}/actions/accept`, { token: seller.token, body: {} });
    const id = String(accepted.contractId);
    const parties = { buyer, seller } as const;
    for (const step of CONTRACT_PATH[opts.state]) {
      await this.contractStep(step.by === 'ops' ? 'ops' : parties[step.by], id, step.action, step.body ?? {}, step.sms ?? false);
    }
    const record = await this.api.call<ResourceRecord>('GET', `/api/r/contracts/${id}`, { token: buyer.token });
    if (record.state !== opts.state) throw new Error(`world.contract: asked for ${opts.state}, the contract is ${String(record.state)}`);
    return { id, offerId: String(offer.id), buyer, seller, record };
  }

  /** `who` runs the bill action, with a fresh SMS code of its own when `sms`; answers the bill after it. */
  async billStep(who: Party, id: string, action: string, body: Record<string, unknown> = {}, sms = false): Promise<ResourceRecord> {
    const withCode = sms ? { ...body, smsCode: await this.smsCode(who) } : body;
    return this.api.call<ResourceRecord>('POST', `/api/r/bills/${id}/actions/${action}`, { token: who.token, body: withCode, idempotent: true });
  }

  /** A bill the payee raised on a signed contract with the payer, taken to `state` by the party whose step it is. */
  async bill(opts: BillOptions): Promise<ResourceRecord> {
    const { payer, payee } = opts;
    const amount = opts.amount ?? '10000.00';
    const contractId = opts.contractId ?? (await this.contract({ state: 'signed', buyer: payer, seller: payee, title: '框架采购合同' })).id;
    const made = await this.api.call<ResourceRecord>('POST', '/api/r/bills', {
      token: payee.token,
      body: { contractId, amount, dueDay: opts.dueDay ?? '2099-12-20', ...(opts.remark ? { remark: opts.remark } : {}) },
    });
    const id = String(made.id);
    if (opts.state === 'rejected') await this.billStep(payer, id, 'reject', { reason: '金额与到货不符' });
    if (opts.state === 'cancelled') await this.billStep(payee, id, 'cancel', { reason: '重复开具' });
    if (['confirmed', 'partiallyPaid', 'paid'].includes(opts.state)) await this.billStep(payer, id, 'confirm', {}, true);
    if (opts.state === 'partiallyPaid') await this.billStep(payer, id, 'pay', { payAmount: opts.paidPart ?? (Number(amount) / 2).toFixed(2) }, true);
    if (opts.state === 'paid') await this.billStep(payer, id, 'pay', { payAmount: amount }, true);
    const record = await this.api.call<ResourceRecord>('GET', `/api/r/bills/${id}`, { token: payer.token });
    if (record.state !== opts.state) throw new Error(`world.bill: asked for ${opts.state}, the bill is ${String(record.state)}`);
    return record;
  }

  /**
   * `holder` passes `amount` of a bill it holds on (bills action passOn, its SMS code) to `to`, one
   * of its creditors, or as payment of `settleBillId`, a bill it owes; answers the offer made
   * (billTransfers, state offered).
   */
  async passOn(holder: Party, billId: string, opts: { amount: string; to?: Party; settleBillId?: string }): Promise<ResourceRecord> {
    const body = { passAmount: opts.amount, ...(opts.to ? { receiverId: opts.to.accountId } : {}), ...(opts.settleBillId ? { settleBillId: opts.settleBillId } : {}) };
    await this.billStep(holder, billId, 'passOn', body, true);
    const offers = await this.api.call<{ records: ResourceRecord[] }>('GET', '/api/r/billTransfers?scope=holder&state=offered&pageSize=100', { token: holder.token });
    const offer = offers.records.find((o) => o.billId === billId && o.amount === opts.amount);
    if (!offer) throw new Error(`world.passOn: no offer of ${opts.amount} of bill ${billId}`);
    return offer;
  }

  /** The receiver accepts (or refuses) an offer to pass a part on, with its SMS code; answers the offer after it. */
  async answerPassOn(receiver: Party, offerId: string, answer: 'accept' | 'refuse' = 'accept'): Promise<ResourceRecord> {
    return this.api.call<ResourceRecord>('POST', `/api/r/billTransfers/${offerId}/actions/${answer}`, { token: receiver.token, body: { smsCode: await this.smsCode(receiver) }, idempotent: true });
  }

  /**
   * `count` bills the payee raised on one signed contract with the payer (a new one unless
   * `contractId` names it), each taken to `state`: a payables list to act on in bulk.
   */
  async bills(count: number, opts: Omit<BillOptions, 'contractId'> & { contractId?: string }): Promise<ResourceRecord[]> {
    const contractId = opts.contractId ?? (await this.contract({ state: 'signed', buyer: opts.payer, seller: opts.payee, title: '框架采购合同' })).id;
    const made: ResourceRecord[] = [];
    for (let i = 0; i < count; i += 1) made.push(await this.bill({ ...opts, contractId }));
    return made;
  }
}

/** A world on `host`'s server. */
export const worldOf = (host: WorldHost) => new World(host);
