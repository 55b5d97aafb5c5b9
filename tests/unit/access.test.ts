// The one actor (src/shared/actor.ts) and the one access decision (src/shared/access.ts) that the
// server's resource gate and the console's accessControlProvider both ask.
import { describe, expect, it } from 'vitest';
import { decide, may } from '../../src/shared/access';
import { actorFromProfile, defineActor, type ActorFacts } from '../../src/shared/actor';
import { permissionsForRole, roleFor } from '../../src/shared/permissions';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { resourceDefinition as def } from '../support/resource-definitions';

const facts = (extra: Partial<ActorFacts> = {}): ActorFacts => ({
  userId: 'u-1',
  accountId: 'a-1',
  accountType: 'enterprise',
  authStatus: 'approved',
  isOwner: true,
  role: 'owner',
  grants: permissionsForRole(extra.role ?? 'owner'),
  services: [],
  ...extra,
});
const owner = defineActor(facts());
const unapproved = defineActor(facts({ authStatus: 'submitted' }));
const viewer = defineActor(facts({ role: 'viewer', isOwner: false, grants: permissionsForRole('viewer') }));
const ops = defineActor(facts({ accountType: 'platform', authStatus: 'unverified', role: 'ops', grants: permissionsForRole('ops'), accountId: 'platform' }));
const mutualOwner = defineActor(facts({ services: ['mutual'] }));

const record = (extra: Partial<ResourceRecord>): ResourceRecord => ({ id: 'r-1', accountId: 'a-1', state: 'draft', version: 1, createdAt: '', createdBy: '', updatedAt: '', updatedBy: '', ...extra });

describe('the actor', () => {
  it('counts the platform account as approved, and withholds trading from an unapproved account', () => {
    expect(ops).toMatchObject({ platform: true, approved: true });
    expect(owner).toMatchObject({ platform: false, approved: true });
    expect(unapproved.approved).toBe(false);
    expect(unapproved.ability.can('add', 'offers')).toBe(false);
    expect(unapproved.ability.can('query', 'offers')).toBe(true);
    expect(owner.ability.can('add', 'offers')).toBe(true);
  });

  it('is the same built from the profile the server answers as from what the server knows', () => {
    const fromProfile = actorFromProfile(
      { role: roleFor('owner', 'submitted'), services: [] },
      { id: 'u-1', accountId: 'a-1', type: 'enterprise', authStatus: 'submitted', isOwner: true },
    );
    expect(fromProfile.permissions).toEqual(unapproved.permissions);
    expect(actorFromProfile({ role: roleFor('ops') }, { id: 'u-9', accountId: 'platform', type: 'ops', authStatus: 'unverified', isOwner: true })).toMatchObject({ platform: true, approved: true });
  });
});

describe('the access decision', () => {
  it('grants what the role holds on the resource, once the account is approved', () => {
    expect(may(owner, def('purchaseOffers'), 'create')).toBe(true);
    // Refused with the reason the list page explains (issue 17): approval, not the role, withholds it.
    expect(decide(unapproved, def('purchaseOffers'), 'create')).toEqual({ can: false, reason: 'notApproved' });
    expect(may(unapproved, def('purchaseOffers'), 'list')).toBe(true);
    expect(may(viewer, def('purchaseOffers'), 'show')).toBe(true);
    expect(may(viewer, def('purchaseOffers'), 'publish')).toBe(false);
  });

  it('lets platform operations read what is shown to them and run their own steps, never create (issue 16)', () => {
    expect(decide(ops, def('contracts'), 'create')).toEqual({ can: false, reason: 'notGranted' });
    for (const verb of ['list', 'show', 'export', 'resolveRefund']) expect(may(ops, def('contracts'), verb), verb).toBe(true);
    for (const verb of ['edit', 'delete', 'sign', 'cancel']) expect(may(ops, def('contracts'), verb), verb).toBe(false);
    expect(may(ops, def('deposits'), 'confirm')).toBe(true);
    expect(may(ops, def('deposits'), 'cancel')).toBe(false);
    expect(may(ops, def('purchaseOffers'), 'list')).toBe(false);
  });

  it('refuses what a resource does not offer: writing a source resource, creating a record with parties without its handler', () => {
    expect(decide(owner, def('accountFlows'), 'create')).toEqual({ can: false, reason: 'notOffered' });
    expect(may(owner, def('accountFlows'), 'export')).toBe(true);
    expect(decide(owner, { ...def('contracts'), createHandler: undefined }, 'create')).toEqual({ can: false, reason: 'notOffered' });
    expect(may(owner, def('contracts'), 'create')).toBe(true);
  });

  it('refuses writing a resource whose service the account has not opened, with the reason, and lets it read', () => {
    expect(decide(owner, def('mutualOffers'), 'create')).toEqual({ can: false, reason: 'mutualServiceNotOpened' });
    expect(decide(owner, def('mutualOffers'), 'accept')).toEqual({ can: false, reason: 'mutualServiceNotOpened' });
    expect(may(owner, def('mutualOffers'), 'list')).toBe(true);
    expect(may(mutualOwner, def('mutualOffers'), 'create')).toBe(true);
  });

  it('answers for one record with the per-record ability, and refuses an unknown verb', () => {
    const offers = def('purchaseOffers');
    expect(may(owner, offers, 'edit', record({}))).toBe(true);
    expect(decide(owner, offers, 'edit', record({ accountId: 'a-other' }))).toEqual({ can: false, reason: 'notOnRecord' });
    expect(may(owner, offers, 'accept', record({ accountId: 'a-other', state: 'published' }))).toBe(true);
    expect(may(owner, offers, 'accept', record({ state: 'published' }))).toBe(false);
    expect(decide(owner, offers, 'fly')).toEqual({ can: false, reason: 'unknownVerb' });
  });
});
