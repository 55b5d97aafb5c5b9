import { describe, expect, it } from 'vitest';
import type { PermissionEntry } from '../../src/shared/api';
import {
  abilityForRole,
  canAccessRoute,
  canDoOnRoute,
  defineAbilityFor,
  grantedPermissionIds,
  hasPermission,
  type AppAbility,
} from '../../src/shared/ability';
import { VARIANT_IDS, findRoute, menuPaths, resolveRoutes, visibleMenu } from '../../src/shared/menu';
import { ACTIONS, PERMISSIONS, PERMISSION_IDS, ROLE_NAMES, permissionsForRole, roleFor, type Action } from '../../src/shared/permissions';

const entry = (permissionId: string, actions: string[]): PermissionEntry => ({
  permissionId,
  actionEntitySet: actions.map((action) => ({ action, describe: action, defaultCheck: false })),
});

const allowed = (ability: AppAbility, subject: string) => ACTIONS.filter((action) => ability.can(action, subject));

describe('defineAbilityFor', () => {
  it('grants exactly the listed actions on each permission id', () => {
    const ability = defineAbilityFor([entry('form', ['query', 'get', 'export']), entry('dashboard', ['query'])]);
    expect(ability.can('query', 'form')).toBe(true);
    expect(ability.can('export', 'form')).toBe(true);
    for (const action of ['add', 'delete', 'edit', 'enable', 'disable', 'import'] as const) expect(ability.can(action, 'form'), action).toBe(false);
    expect(allowed(ability, 'dashboard')).toEqual(['query']);
    expect(allowed(ability, 'ops')).toEqual([]);
  });

  it('ignores actions outside the vocabulary and entries without actions', () => {
    const ability = defineAbilityFor([entry('form', ['fly', 'manage', 'get']), entry('ops', []), entry('reports', ['teleport'])]);
    expect(allowed(ability, 'form')).toEqual(['get']);
    expect(hasPermission(ability, 'ops')).toBe(false);
    expect(hasPermission(ability, 'reports')).toBe(false);
    expect(ability.can('get', 'all')).toBe(false);
    expect(grantedPermissionIds([entry('form', ['get']), entry('ops', []), entry('reports', ['teleport'])])).toEqual(['form']);
  });

  it('can do nothing for a missing or empty permission list', () => {
    for (const permissions of [undefined, null, []]) {
      const ability = defineAbilityFor(permissions);
      for (const id of PERMISSION_IDS) expect(hasPermission(ability, id), id).toBe(false);
    }
  });
});

describe('role grants of schemas/permissions.json', () => {
  it('gives the owner every action on every id except ops', () => {
    const owner = abilityForRole('owner');
    for (const id of PERMISSION_IDS.filter((p) => p !== 'ops')) expect(allowed(owner, id), id).toEqual([...ACTIONS]);
    expect(allowed(owner, 'ops')).toEqual([]);
  });

  it('gives ops every action on ops and the dashboard, nothing on form pages', () => {
    const ops = abilityForRole('ops');
    expect(allowed(ops, 'ops')).toEqual([...ACTIONS]);
    expect(allowed(ops, 'dashboard')).toEqual([...ACTIONS]);
    for (const id of ['form', 'offers', 'contracts', 'trade', 'settlement', 'reports', 'account', 'operators', 'funds']) expect(hasPermission(ops, id), id).toBe(false);
  });

  it('lets a viewer read and export but change nothing', () => {
    const viewer = abilityForRole('viewer');
    expect(allowed(viewer, 'form')).toEqual(['query', 'get', 'export']);
    expect(allowed(viewer, 'dashboard')).toEqual(['query', 'get']);
  });

  it('keeps operator management with the owner (admin reads it)', () => {
    expect(allowed(abilityForRole('admin'), 'operators')).toEqual(['query', 'get']);
    for (const type of ['purchaser', 'seller', 'finance', 'viewer']) expect(hasPermission(abilityForRole(type), 'operators'), type).toBe(false);
  });

  it('has the built-in roles and the operator types of DESIGN §5', () => {
    expect(ROLE_NAMES).toEqual(['owner', 'ops', 'admin', 'purchaser', 'seller', 'finance', 'viewer']);
    expect(PERMISSIONS.actions).toEqual([...ACTIONS]);
  });

  it('decides the same from the wire (profile JSON) as from the role name, on both sides', () => {
    for (const role of ROLE_NAMES) {
      const wire = JSON.parse(JSON.stringify(roleFor(role))) as ReturnType<typeof roleFor>;
      const browser = defineAbilityFor(wire.permissions);
      const server = abilityForRole(role);
      for (const id of PERMISSION_IDS) expect(allowed(browser, id), `${role} ${id}`).toEqual(allowed(server, id));
      expect(wire.permissionList).toEqual(permissionsForRole(role).map((p) => p.permissionId));
    }
  });
});

describe('routes and controls', () => {
  const route = (path: string) => {
    const found = findRoute(path);
    if (!found) throw new Error(`no route ${path}`);
    return found;
  };

  it('opens a route when the role holds any of its permission ids', () => {
    expect(canAccessRoute(abilityForRole('seller'), route('/outgoing/chainPayment'))).toBe(true);
    expect(canAccessRoute(abilityForRole('seller'), route('/payment/payManagement'))).toBe(false);
    expect(canAccessRoute(abilityForRole('viewer'), route('/payment/payManagement'))).toBe(true);
    expect(canAccessRoute(abilityForRole('ops'), route('/ops/notices'))).toBe(true);
    expect(canAccessRoute(abilityForRole('owner'), route('/ops/notices'))).toBe(false);
    expect(canAccessRoute(defineAbilityFor([entry('offers', ['query'])]), route('/outgoing/chainPayment'))).toBe(true);
    expect(canAccessRoute(defineAbilityFor([entry('offers', ['query'])]), route('/contract/contractbuy'))).toBe(false);
  });

  it('opens routes without permission ids (receipts) to any signed-in role', () => {
    for (const role of ROLE_NAMES) expect(canAccessRoute(abilityForRole(role), route('/Withdrawal')), role).toBe(true);
    expect(canDoOnRoute(defineAbilityFor([]), route('/Withdrawal'), 'get')).toBe(true);
  });

  it('allows a control only when one of the route ids grants its action', () => {
    const viewer = abilityForRole('viewer');
    const offers = route('/outgoing/chainPayment');
    expect(canDoOnRoute(viewer, offers, 'add')).toBe(false);
    expect(canDoOnRoute(viewer, offers, 'export')).toBe(true);
    const purchaser = abilityForRole('purchaser');
    expect(canDoOnRoute(purchaser, route('/contractUpdate/contractPayment'), 'get')).toBe(true);
    expect(canDoOnRoute(purchaser, route('/contractUpdate/contractPayment'), 'edit')).toBe(false);
    const narrow = defineAbilityFor([entry('offers', ['query']), entry('form', ['get'])]);
    const allowedOnOffers = ACTIONS.filter((action: Action) => canDoOnRoute(narrow, offers, action));
    expect(allowedOnOffers).toEqual(['query', 'get']);
  });

  it('agrees with visibleMenu: every listed entry is reachable, every reachable visible entry is listed', () => {
    for (const role of ROLE_NAMES) {
      const ability = abilityForRole(role);
      const ids = grantedPermissionIds(permissionsForRole(role));
      for (const variant of VARIANT_IDS) {
        const listed = new Set(menuPaths(visibleMenu(variant, ids)));
        for (const r of resolveRoutes(variant)) {
          if (r.layout !== 'main' || r.hidden || !r.render) continue;
          expect(listed.has(r.path), `${role} ${variant} ${r.path}`).toBe(canAccessRoute(ability, r));
        }
      }
    }
  });
});
