// Money under load (issue 8), shared by the soak test, the crash test and the ledger bench:
// many approved, banked accounts with sessions, SMS codes "received" by writing the row the
// SMS module writes, signed contracts ready for their collateral, and calls that carry an
// Idempotency-Key. No vitest imports: the bench runs these outside the test runner.
//   Accounts, users and sessions are made by the product's own functions (createAccountWithOwner,
//   issueToken), not over /api/register and /api/login: those are rate-limited per phone and
//   tested elsewhere; here they would only add minutes of set-up.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Envelope } from '../../src/shared/api';
import { offerBody } from './bodies';
import { storedCode } from './smsCodes';
import type { ResourceRecord } from '../../src/shared/resources/types';
import type { Db } from '../../src/server/db/client';
import { accounts, authentications, recordParties, resourceRecords, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/domains/auth/passwords';
import { issueToken } from '../../src/server/sessions/tokens';
import { createAccountWithOwner } from '../../src/server/domains/auth/users-store';

export interface LoadTarget {
  baseUrl: string;
  db: Db;
  now: () => Date;
}

export interface LoadParty {
  accountId: string;
  userId: string;
  phone: string;
  token: string;
  name: string;
}

export interface Answer<T = ResourceRecord> {
  status: number;
  text: string;
  body: Envelope<T>;
  ms: number;
  /** The Server-Timing header, when the server times its phases (src/server/phases.ts). */
  serverTiming: string | null;
}

/** One HTTP call; the answer's text is kept (replays are compared byte for byte). */
export async function call<T = ResourceRecord>(t: LoadTarget, method: string, path: string, token: string | undefined, body?: unknown, idempotencyKey?: string): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const started = performance.now();
  const res = await fetch(t.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const ms = performance.now() - started;
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    parsed = { code: res.status, msg: text.slice(0, 200) } as Envelope<T>;
  }
  return { status: res.status, text, body: parsed, ms, serverTiming: res.headers.get('server-timing') };
}

/** A money action: a POST with a fresh Idempotency-Key unless one is given. */
export const moneyCall = <T = ResourceRecord>(t: LoadTarget, token: string, path: string, body: unknown = {}, key: string = randomUUID()) => call<T>(t, 'POST', path, token, body, key);

let phoneSeq = 0;
/** A fresh mainland mobile number (distinct from tests/support/flows.ts's 139 range). */
const loadPhone = () => `137${String(10_000_000 + ((phoneSeq += 1) * 7919 + process.pid) % 89_999_999).padStart(8, '0')}`;

let passwordHash: Promise<string> | undefined;

/** `n` approved enterprise accounts whose authentication names a bank account, each with a session. */
export async function loadParties(t: LoadTarget, n: number, prefix = 'Load'): Promise<LoadParty[]> {
  passwordHash ??= hashPassword('Settle2026!');
  const hash = await passwordHash;
  const now = t.now();
  const out: LoadParty[] = [];
  for (let i = 0; i < n; i += 1) {
    const phone = loadPhone();
    const name = `${prefix} Co ${i + 1}`;
    const user = await createAccountWithOwner(t.db, { type: 'enterprise', accountName: name, phone, passwordHash: hash, role: 'owner', now });
    await t.db.update(accounts).set({ authStatus: 'approved' }).where(eq(accounts.id, user.accountId));
    await t.db.insert(authentications).values({
      accountId: user.accountId,
      kind: 'enterprise',
      status: 'approved',
      data: { name, bankAccountName: name, bankAccount: `62220202${String(i).padStart(11, '0')}`, bankBranch: { bank: 'ICBC', region: ['33', '3301', '330106'], branch: 'Xihu' } },
      submittedBy: user.id,
      submittedAt: now,
      reviewedAt: now,
    });
    const { token } = await issueToken(t.db, user.id, now);
    out.push({ accountId: user.accountId, userId: user.id, phone, token, name });
  }
  return out;
}

/** A session of the platform-operations user of `phone` (made at start from ADMIN_PHONE). */
export async function opsSession(t: LoadTarget, phone: string): Promise<string> {
  const [ops] = await t.db.select().from(users).where(eq(users.phone, phone));
  if (!ops) throw new Error(`no ops user ${phone}`);
  return (await issueToken(t.db, ops.id, t.now())).token;
}

/** An SMS code for `phone` (scene verify), as if it had been sent and read (smsCodes.ts): the next money action of that user spends it. */
export const smsCode = (t: LoadTarget, phone: string): Promise<string> => storedCode(t.db, t.now(), phone);


const must = <T>(a: Answer<T>, what: string): T => {
  if (a.status !== 200) throw new Error(`${what}: ${a.status} ${a.text.slice(0, 300)}`);
  return a.body.data as T;
};

/** One contract signed over the API (offer, publish, accept, both sign with a code): 80,000.00 with 16,000.00 collateral. */
export async function signedContractOver(t: LoadTarget, buyer: LoadParty, seller: LoadParty, title: string, extra: Record<string, unknown> = {}): Promise<ResourceRecord> {
  const offer = must(await call(t, 'POST', '/api/r/purchaseOffers', buyer.token, offerBody(title, extra)), 'offer');
  must(await call(t, 'POST', `/api/r/purchaseOffers/${offer.id}/actions/publish`, buyer.token, {}), 'publish');
  const accepted = must(await call(t, 'POST', `/api/r/purchaseOffers/${offer.id}/actions/accept`, seller.token, {}), 'accept');
  const id = String(accepted.contractId);
  for (const who of [buyer, seller]) must(await call(t, 'POST', `/api/r/contracts/${id}/actions/sign`, who.token, { smsCode: await smsCode(t, who.phone) }), 'sign');
  return must(await call(t, 'GET', `/api/r/contracts/${id}`, buyer.token), 'contract');
}

/**
 * `pairs.length` copies of a signed contract, each between its own buyer and seller: the
 * template's record and party rows copied in SQL (signing hundreds of contracts over the API
 * would take most of the run). Each copy is a signed contract like any other to the API.
 */
export async function copyContracts(t: LoadTarget, template: ResourceRecord, pairs: Array<{ buyer: LoadParty; seller: LoadParty }>): Promise<string[]> {
  const [row] = await t.db.select().from(resourceRecords).where(eq(resourceRecords.id, template.id));
  const parties = await t.db.select().from(recordParties).where(eq(recordParties.recordId, template.id));
  const roleOf = (accountId: string | null) => parties.find((p) => p.accountId === accountId)?.role;
  const ids: string[] = [];
  for (let i = 0; i < pairs.length; i += 200) {
    const chunk = pairs.slice(i, i + 200);
    const made = await t.db
      .insert(resourceRecords)
      .values(
        chunk.map(({ buyer, seller }) => {
          const owner = roleOf(row.accountId) === 'seller' ? seller : buyer;
          return { resource: row.resource, accountId: owner.accountId, state: row.state, version: row.version, data: row.data, createdBy: owner.userId, createdAt: row.createdAt, updatedBy: owner.userId, updatedAt: row.updatedAt };
        }),
      )
      .returning({ id: resourceRecords.id });
    await t.db.insert(recordParties).values(
      made.flatMap(({ id }, j) => parties.map((p) => ({ recordId: id, role: p.role, accountId: p.role === 'seller' ? chunk[j].seller.accountId : chunk[j].buyer.accountId }))),
    );
    ids.push(...made.map((m) => m.id));
  }
  return ids;
}

/** Credits each party's wallet by a deposit declared and confirmed by ops over the API. */
export async function fundAll(t: LoadTarget, parties: LoadParty[], opsToken: string, amount: string): Promise<void> {
  await Promise.all(
    parties.map(async (p) => {
      const declared = must(await call(t, 'POST', '/api/r/deposits', p.token, depositBody(amount)), 'declare');
      must(await moneyCall(t, opsToken, `/api/r/deposits/${declared.id}/actions/confirm`), 'confirm');
    }),
  );
}

export const depositBody = (amount: string) => ({ amount, payerName: 'Payer Co', payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference: `REF-${randomUUID().slice(0, 8)}` });

/** A seeded random generator (mulberry32): the same seed makes the same choices. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The p-th percentile (0..100) of some durations, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The states of some records, by id. */
export async function statesOf(db: Db, ids: string[]): Promise<Map<string, string | null>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: resourceRecords.id, state: resourceRecords.state }).from(resourceRecords).where(inArray(resourceRecords.id, ids));
  return new Map(rows.map((r) => [r.id, r.state]));
}

