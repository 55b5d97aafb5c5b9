// notifyAccount (src/server/notify/index.ts) writes one message to each active, bound user of
// the account whose role may read the permission, in one statement that asks the roles in SQL:
// for every permission, before and after the account's approval, exactly the users the
// permission rules (the console's own ability, src/shared/ability.ts) let read it get one.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineAbilityFor } from '../../src/shared/ability';
import { PERMISSION_IDS, ROLE_NAMES, permissionsForUser, type AuthStatus } from '../../src/shared/permissions';
import type { Db } from '../../src/server/db/client';
import { accounts, messages, users } from '../../src/server/db/schema';
import { createAccountWithOwner } from '../../src/server/domains/auth/users-store';
import { notifyAccount } from '../../src/server/notify';
import { dbAvailable, openTestDatabase } from '../support/server';

describe.skipIf(!dbAvailable)('notifyAccount', () => {
  let db: Db;
  let close: () => Promise<void>;
  let accountId = '';
  /** Every role, an unknown one, and users that must never hear: disabled, unbound. */
  const members: Array<{ id: string; role: string; hears: boolean }> = [];
  let other = '';

  beforeAll(async () => {
    const t = await openTestDatabase();
    db = t.database.db;
    close = t.close;
    const now = new Date();
    const owner = await createAccountWithOwner(db, { type: 'enterprise', accountName: 'Notify Co', phone: '13700001000', passwordHash: 'x', role: 'owner', now });
    accountId = owner.accountId;
    members.push({ id: owner.id, role: 'owner', hears: true });
    let n = 1;
    const add = async (role: string, extra: Partial<typeof users.$inferInsert>, hears: boolean) => {
      const [u] = await db
        .insert(users)
        .values({ accountId, phone: `137000010${String((n += 1)).padStart(2, '0')}`, name: role, passwordHash: 'x', role, createdAt: now, updatedAt: now, ...extra })
        .returning();
      members.push({ id: u.id, role, hears });
    };
    for (const role of ROLE_NAMES.filter((r) => r !== 'owner')) await add(role, {}, true);
    await add('noSuchRole', {}, true);
    await add('finance', { status: 'disabled' }, false);
    await add('finance', { bound: false }, false);
    other = (await createAccountWithOwner(db, { type: 'enterprise', accountName: 'Other Co', phone: '13700001099', passwordHash: 'x', role: 'owner', now })).id;
  });
  afterAll(async () => close?.());

  for (const status of ['unverified', 'approved'] as AuthStatus[]) {
    it(`messages exactly the users who may read each permission (account ${status})`, async () => {
      await db.update(accounts).set({ authStatus: status }).where(eq(accounts.id, accountId));
      for (const permissionId of PERMISSION_IDS) {
        await db.delete(messages);
        await notifyAccount(db, accountId, permissionId, 'probe', new Date('2026-11-20T08:00:00Z'), { n: 1, title: '钢材' }, '/contracts/1');
        const got = await db.select().from(messages);
        const expected = members.filter((m) => m.hears && defineAbilityFor(permissionsForUser(m.role, status)).can('query', permissionId)).map((m) => m.id);
        expect(got.map((m) => m.userId).sort(), `${permissionId} (${status})`).toEqual([...expected].sort());
        for (const m of got) expect(m).toMatchObject({ kind: 'probe', params: { n: 1, title: '钢材' }, link: '/contracts/1', createdAt: new Date('2026-11-20T08:00:00Z'), readAt: null });
        expect(got.some((m) => m.userId === other)).toBe(false);
      }
    });
  }

  it('writes no link when none is given', async () => {
    await db.delete(messages);
    await notifyAccount(db, accountId, 'dashboard', 'probe', new Date());
    const got = await db.select().from(messages);
    expect(got.length).toBeGreaterThan(0);
    for (const m of got) expect(m).toMatchObject({ link: null, params: {} });
  });
});
