// refine's access control, the console's one gate (src/web/refine/accessControl.ts): route access,
// route-level controls from the shared CASL grants, and per-record controls from the shared
// per-record ability (src/shared/resources/recordAbility.ts) when the check carries the record.
import { describe, expect, it } from 'vitest';
import deposits from '../../schemas/resources/deposits.json';
import withdrawals from '../../schemas/resources/withdrawals.json';
import type { UserInfo } from '../../src/shared/api';
import { roleFor } from '../../src/shared/permissions';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { forgetProfile } from '../../src/web/providers/profile';
import { accessControlProvider, recordAction, ROUTE_ACCESS, routeForCheck, vocabularyAction } from '../../src/web/refine/accessControl';
import { rememberDefinitions } from '../../src/web/refine/loadedDefinitions';
import { resourceDefinition } from '../support/resource-definitions';
import { fakeApi, ok, PROFILE, storeSession, USER_INFO } from './support/fakeApi';

const OFFERS = resourceDefinition('purchaseOffers');

type Status = 'approved' | 'unverified';

function signIn(role: string, authStatus: Status, userInfo: Partial<UserInfo> = {}) {
  storeSession('token-abc', { ...USER_INFO, authStatus, ...userInfo });
  forgetProfile();
  fakeApi({ 'GET /api/user/info': ok({ ...PROFILE, role: roleFor(role, authStatus) }) });
}

async function canAs(role: string, authStatus: Status, resource: string, action: string) {
  signIn(role, authStatus);
  return (await accessControlProvider.can({ resource, action })).can;
}

const offer = (extra: Partial<ResourceRecord>): ResourceRecord => ({ id: 'o-1', accountId: 'a-1', state: 'draft', version: 1, createdAt: '', createdBy: '', updatedAt: '', updatedBy: '', ...extra });

/** What the gate answers for `action` on `record`, as refine's buttons ask (meta.record). */
const onRecord = async (action: string, record: ResourceRecord) =>
  (await accessControlProvider.can({ resource: 'purchaseOffers', action, params: { id: record.id, meta: { record } } })).can;

describe('access control for controls (SPEC §6)', () => {
  it("speaks refine's action words in the SPEC vocabulary", () => {
    expect(['list', 'show', 'create', 'clone', 'edit', 'delete', 'export', 'import', 'enable', 'get'].map(vocabularyAction)).toEqual([
      'query', 'get', 'add', 'add', 'edit', 'delete', 'export', 'import', 'enable', 'get',
    ]);
    expect(vocabularyAction('fly')).toBeNull();
    // On a record: refine's words in the per-record ability's words, declared actions as they are.
    expect(['show', 'edit', 'delete', 'publish', 'fly'].map((action) => recordAction(OFFERS, action))).toEqual(['read', 'edit', 'delete', 'publish', null]);
  });

  it('finds the route by key, by resource file or by refine resource meta', () => {
    expect(routeForCheck('chainPayment')?.path).toBe('/outgoing/chainPayment');
    expect(routeForCheck('purchaseOffers')?.path).toBe('/outgoing/chainPayment');
    expect(routeForCheck(undefined, { resource: { name: 'x', meta: { routeKey: 'opsNotices' } } })?.path).toBe('/ops/notices');
    expect(routeForCheck('nothing')).toBeUndefined();
  });

  it('grants a control when the permission entry has the action, and removes it otherwise', async () => {
    expect(await canAs('owner', 'approved', 'chainPayment', 'create')).toBe(true);
    expect(await canAs('viewer', 'approved', 'chainPayment', 'create')).toBe(false);
    expect(await canAs('viewer', 'approved', 'chainPayment', 'list')).toBe(true);
    expect(await canAs('ops', 'approved', 'opsNotices', 'create')).toBe(true);
    expect(await canAs('owner', 'approved', 'opsNotices', 'create')).toBe(false);
    // On a resource route the resource's own id decides, as on the server: an unapproved owner
    // holds the umbrella 'form' with every action but may not add offers yet.
    expect(await canAs('owner', 'unverified', 'chainPayment', 'create')).toBe(false);
    expect(await canAs('owner', 'unverified', 'chainPayment', 'list')).toBe(true);
  });

  it('lets platform operations list, open and export the resources that show them records (visibility.ops), never declare one', async () => {
    rememberDefinitions([deposits, withdrawals] as unknown as ResourceDefinition[]);
    for (const route of ['opsDeposits', 'opsWithdrawals']) {
      expect(await canAs('ops', 'approved', route, ROUTE_ACCESS), route).toBe(true);
      for (const action of ['list', 'show', 'export']) expect(await canAs('ops', 'approved', route, action), `${route} ${action}`).toBe(true);
      expect(await canAs('ops', 'approved', route, 'create'), `${route} create`).toBe(false);
      // An account's own grant still decides its own pages; the ops routes stay closed to it.
      expect(await canAs('owner', 'approved', route, ROUTE_ACCESS), route).toBe(false);
    }
    expect(await canAs('ops', 'approved', 'deposits', 'show')).toBe(true);
    expect(await canAs('owner', 'approved', 'deposits', 'create')).toBe(true);
    // A resource without visibility.ops is not theirs.
    expect(await canAs('ops', 'approved', 'chainPayment', 'list')).toBe(false);
  });

  it('guards routes: `access` is whether the role reaches the route at all (typing its URL shows 403 otherwise)', async () => {
    expect(await canAs('owner', 'approved', 'chainPayment', ROUTE_ACCESS)).toBe(true);
    expect(await canAs('owner', 'approved', 'opsNotices', ROUTE_ACCESS)).toBe(false);
    expect(await canAs('ops', 'approved', 'opsNotices', ROUTE_ACCESS)).toBe(true);
    expect(await canAs('finance', 'approved', 'chainPayment', ROUTE_ACCESS)).toBe(false);
  });

  it('denies what it cannot place: an unknown resource or action', async () => {
    expect(await canAs('owner', 'approved', 'nothing', 'list')).toBe(false);
    expect(await canAs('owner', 'approved', 'chainPayment', 'fly')).toBe(false);
    expect(await canAs('owner', 'approved', 'nothing', ROUTE_ACCESS)).toBe(false);
  });

  it('answers per record from the shared per-record ability when the check carries the record', async () => {
    rememberDefinitions([OFFERS]);
    signIn('owner', 'approved');
    const draft = offer({ state: 'draft' });
    const published = offer({ state: 'published', version: 2 });
    const theirs = offer({ state: 'published', accountId: 'a-other' });
    // The owner's own draft: publish, edit, delete; not withdraw (a published offer's step).
    expect(await Promise.all(['publish', 'edit', 'delete', 'withdraw', 'show'].map((action) => onRecord(action, draft)))).toEqual([true, true, true, false, true]);
    // Its published offer: withdraw only (no edit outside the editable states).
    expect(await Promise.all(['publish', 'edit', 'delete', 'withdraw', 'accept'].map((action) => onRecord(action, published)))).toEqual([false, false, false, true, false]);
    // Another account's published offer, on the market: accept and read, none of the owner's steps.
    expect(await Promise.all(['accept', 'show', 'withdraw', 'edit'].map((action) => onRecord(action, theirs)))).toEqual([true, true, false, false]);

    // Only approved accounts act on the market.
    signIn('owner', 'unverified');
    expect(await onRecord('accept', theirs)).toBe(false);
    // A viewer reads and never acts, even on its account's own draft.
    signIn('viewer', 'approved');
    expect(await Promise.all(['show', 'publish', 'edit', 'delete'].map((action) => onRecord(action, draft)))).toEqual([true, false, false, false]);
  });

  it('denies a record check it cannot place: a resource not loaded, an action not declared', async () => {
    rememberDefinitions([OFFERS]);
    signIn('owner', 'approved');
    const draft = offer({});
    expect(await onRecord('fly', draft)).toBe(false);
    expect((await accessControlProvider.can({ resource: 'nothing', action: 'edit', params: { meta: { record: draft } } })).can).toBe(false);
  });
});
