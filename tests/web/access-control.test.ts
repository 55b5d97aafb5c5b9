// refine's access control over the shared CASL ability (src/web/refine/accessControl.ts).
import { describe, expect, it } from 'vitest';
import { roleFor } from '../../src/shared/permissions';
import { forgetProfile } from '../../src/web/providers/profile';
import { accessControlProvider, routeForCheck, vocabularyAction } from '../../src/web/refine/accessControl';
import { fakeApi, ok, PROFILE, storeSession } from './support/fakeApi';

async function canAs(role: string, authStatus: 'approved' | 'unverified', resource: string, action: string) {
  storeSession();
  forgetProfile();
  fakeApi({ 'GET /api/user/info': ok({ ...PROFILE, role: roleFor(role, authStatus) }) });
  return (await accessControlProvider.can({ resource, action })).can;
}

describe('access control for controls (SPEC §6)', () => {
  it("speaks refine's action words in the SPEC vocabulary", () => {
    expect(['list', 'show', 'create', 'clone', 'edit', 'delete', 'export', 'import', 'enable', 'get'].map(vocabularyAction)).toEqual([
      'query', 'get', 'add', 'add', 'edit', 'delete', 'export', 'import', 'enable', 'get',
    ]);
    expect(vocabularyAction('fly')).toBeNull();
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

  it('denies what it cannot place: an unknown resource or action', async () => {
    expect(await canAs('owner', 'approved', 'nothing', 'list')).toBe(false);
    expect(await canAs('owner', 'approved', 'chainPayment', 'fly')).toBe(false);
  });
});
