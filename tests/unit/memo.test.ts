import { describe, expect, it } from 'vitest';
import { abilityForRole, defineAbilityFor } from '../../src/shared/ability';
import { boundedMemo } from '../../src/shared/memo';
import { permissionsForRole } from '../../src/shared/permissions';
import { defineRecordAbility } from '../../src/shared/resources/recordAbility';
import type { ResourceDefinition } from '../../src/shared/resources/types';

describe('boundedMemo', () => {
  it('makes a value once per key and forgets the oldest key past its limit', () => {
    const memo = boundedMemo<{ n: number }>(2);
    let made = 0;
    const make = () => ({ n: (made += 1) });
    const a = memo.get('a', make);
    expect(memo.get('a', make)).toBe(a);
    memo.get('b', make);
    memo.get('c', make);
    expect(memo.size).toBe(2);
    expect(made).toBe(3);
    // 'a' was the oldest: made again.
    expect(memo.get('a', make)).not.toBe(a);
    expect(made).toBe(4);
  });
});

describe('kept abilities', () => {
  it('answers one ability for equal grants and another for other grants', () => {
    const owner = abilityForRole('owner');
    expect(defineAbilityFor(permissionsForRole('owner'))).toBe(owner);
    expect(defineAbilityFor([])).not.toBe(owner);
    expect(defineAbilityFor([]).can('query', 'contracts')).toBe(false);
    expect(defineAbilityFor([{ permissionId: 'contracts', actionEntitySet: [{ action: 'query', describe: 'query', defaultCheck: false }] }]).can('query', 'contracts')).toBe(true);
  });

  it('keeps a record ability per definition and caller, so no caller gets another account\'s', () => {
    const def = { name: 'things', permissionId: 'things', ownership: 'account', list: { filters: [], sortable: [], defaultSort: '-createdAt' } } as unknown as ResourceDefinition;
    const permissions = [{ permissionId: 'things', actionEntitySet: [{ action: 'query' as const, describe: 'query', defaultCheck: false }] }];
    const mine = defineRecordAbility(def, { accountId: 'a1', permissions, approved: true });
    expect(defineRecordAbility(def, { accountId: 'a1', permissions: [...permissions], approved: true })).toBe(mine);
    const theirs = defineRecordAbility(def, { accountId: 'a2', permissions, approved: true });
    expect(theirs).not.toBe(mine);
    const record = (accountId: string) => ({ __caslSubjectType__: 'things', accountId, state: null });
    expect(mine.can('read', record('a1'))).toBe(true);
    expect(mine.can('read', record('a2'))).toBe(false);
    expect(theirs.can('read', record('a2'))).toBe(true);
    // Another definition object of the same name is another resource file: its own abilities.
    expect(defineRecordAbility({ ...def }, { accountId: 'a1', permissions, approved: true })).not.toBe(mine);
  });
});
