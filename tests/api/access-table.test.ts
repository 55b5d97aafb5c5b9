// One gate (issue 16): for every caller x every resource file x every verb (list, show, create,
// edit, delete, export) and every declared action, the server refuses (403) exactly when the
// shared access decision (src/shared/access.ts), fed the actor the console builds from what the
// server tells it (profile and user info), says no. A request that passes the gate may still
// fail later (a record that does not exist: 404; an empty body: 400): only 403 is the gate's.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, RESOURCE_VERBS } from '../../src/shared/access';
import { actorFromProfile, type Actor } from '../../src/shared/actor';
import type { Profile, UserInfo } from '../../src/shared/api';
import { OPERATOR_TYPES } from '../../src/shared/permissions';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { accounts, users } from '../../src/server/db/schema';
import { repoRoot } from '../../src/server/paths';
import { contributionsOf } from '../../src/server/domain';
import { domains } from '../../src/server/domains';
import { loadResources } from '../../src/server/resources/registry';
import { loginPassword, signedIn } from '../support/flows';
import { addOperator, approveAccount } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

const OPS_PHONE = '13800000061';
const OPS_PASSWORD = 'Admin#2026';
const DEFINITIONS: ResourceDefinition[] = [...loadResources(repoRoot, contributionsOf(domains)).values()].map((r) => r.def);
const MISSING = '00000000-0000-4000-8000-000000000000';

type Caller = { name: string; token: string; actor: Actor };

/** The request of `verb` on `def` (a record that does not exist where one is named). */
function request(def: ResourceDefinition, verb: string): { method: string; path: string; body?: unknown } {
  const base = `/api/r/${def.name}`;
  switch (verb) {
    case 'list':
      return { method: 'GET', path: base };
    case 'show':
      return { method: 'GET', path: `${base}/${MISSING}` };
    case 'create':
      return { method: 'POST', path: base, body: {} };
    case 'edit':
      return { method: 'PUT', path: `${base}/${MISSING}`, body: {} };
    case 'delete':
      return { method: 'DELETE', path: `${base}/${MISSING}` };
    case 'export':
      return { method: 'GET', path: `${base}/export?format=csv` };
    default:
      return { method: 'POST', path: `${base}/${MISSING}/actions/${verb}`, body: {} };
  }
}

const verbsOf = (def: ResourceDefinition): string[] => [...RESOURCE_VERBS, ...(def.actions ?? []).map((a) => a.name)];

describe.skipIf(!dbAvailable)('the server gate answers what the shared access decision says', () => {
  let s: TestServer;
  const callers: Caller[] = [];

  /** The caller as the console sees it: the profile and user info the server answers. */
  const caller = async (name: string, token: string): Promise<Caller> => {
    const [profile, info] = await Promise.all([
      s.call<Profile>('GET', '/api/user/info', { token }),
      s.call<UserInfo>('GET', '/api/system/users/info', { token }),
    ]);
    return { name, token, actor: actorFromProfile(profile.body.data, info.body.data) };
  };

  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: OPS_PHONE, ADMIN_PASSWORD: OPS_PASSWORD });
    const owner = await signedIn(s, { userType: 'enterprise', enterpriseName: '杭州门禁表有限公司' });
    const other = await signedIn(s, { userType: 'enterprise', enterpriseName: '苏州另一家有限公司' });
    const unapproved = await signedIn(s, { userType: 'enterprise', enterpriseName: '宁波未认证有限公司' });
    await approveAccount(s, owner.phone);
    await approveAccount(s, other.phone);
    // The owner's account has opened the mutual-promise service; the other account has not.
    const [ownerRow] = await s.ctx.db.select().from(users).where(eq(users.phone, owner.phone));
    await s.ctx.db.update(accounts).set({ mutualOpenedAt: s.clock.now() }).where(eq(accounts.id, ownerRow.accountId));
    callers.push(await caller('owner (enterprise, approved, mutual open)', owner.token));
    for (const type of OPERATOR_TYPES) callers.push(await caller(`operator ${type}`, (await addOperator(s, owner.phone, type)).token));
    callers.push(await caller('owner of an unapproved account', unapproved.token));
    callers.push(await caller('owner of another approved account', other.token));
    callers.push(await caller('platform operations', (await loginPassword(s, OPS_PHONE, OPS_PASSWORD)).body.data.access_token));
  }, 600_000);
  afterAll(async () => {
    await s?.close();
  });

  it('builds every caller it asks about', () => {
    expect(callers.map((c) => c.name)).toHaveLength(OPERATOR_TYPES.length + 4);
    expect(callers.find((c) => c.name === 'platform operations')?.actor).toMatchObject({ platform: true, approved: true, role: 'ops' });
    expect(callers[0].actor).toMatchObject({ approved: true, services: ['mutual'], isOwner: true });
    expect(DEFINITIONS.length).toBeGreaterThan(0);
  });

  it('refuses (403) exactly what the shared decision refuses, for every caller x resource x verb and action', async () => {
    const mismatches: string[] = [];
    let allowed = 0;
    let refused = 0;
    for (const c of callers) {
      for (const def of DEFINITIONS) {
        await Promise.all(
          verbsOf(def).map(async (verb) => {
            const expected = decide(c.actor, def, verb).can;
            const { method, path, body } = request(def, verb);
            // An export that passes answers CSV, which the JSON helper reports with its status.
            const status = await s.call(method, path, { token: c.token, body, headers: method === 'POST' ? { 'Idempotency-Key': randomUUID() } : undefined }).then(
              (res) => res.status,
              (err: Error) => Number(/not JSON \((\d+)\)/.exec(err.message)?.[1] ?? Number.NaN),
            );
            if ((status !== 403) !== expected) mismatches.push(`${c.name} ${verb} ${def.name}: server ${status}, shared ${expected ? 'allows' : 'refuses'}`);
            if (expected) allowed += 1;
            else refused += 1;
          }),
        );
      }
    }
    expect(mismatches).toEqual([]);
    // Both answers occur: the table is not trivially all-open or all-closed.
    expect(allowed).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  }, 600_000);

  it('refuses platform operations creating a contract (403), before any validation', async () => {
    const ops = callers.find((c) => c.name === 'platform operations')!;
    const contract = DEFINITIONS.find((d) => d.name === 'contracts')!;
    expect(decide(ops.actor, contract, 'create')).toEqual({ can: false, reason: 'notGranted' });
    const res = await s.call('POST', '/api/r/contracts', {
      token: ops.token,
      headers: { 'Idempotency-Key': randomUUID() },
      body: { counterpartyAccountId: randomUUID(), goodsName: '电解铜', quantity: 1, unitPrice: '100.00' },
    });
    expect(res.status).toBe(403);
    // Ops still read the records shown to them and run their own steps' gate.
    expect((await s.call('GET', '/api/r/deposits?scope=ops', { token: ops.token })).status).toBe(200);
    expect((await s.call('POST', '/api/r/deposits', { token: ops.token, headers: { 'Idempotency-Key': randomUUID() }, body: {} })).status).toBe(403);
  });
});
