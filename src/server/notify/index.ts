// Business events leave two traces: a message to a user (the message centre and the unread
// badge) and, when someone must act, a todo for the account. Both are stored as a kind with
// parameters and rendered in the reader's language (locales/*/messages.json).
import { and, eq } from 'drizzle-orm';
import { defineAbilityFor } from '../../shared/ability';
import { permissionsForUser } from '../../shared/permissions';
import type { Db } from '../db/client';
import { slot, statement } from '../db/statements';
import { accounts, messages, todos, users } from '../db/schema';

type Params = Record<string, string | number>;

export async function notifyUser(db: Db, userId: string, kind: string, now: Date, params: Params = {}, link?: string): Promise<void> {
  await db.insert(messages).values({ userId, kind, params, link, createdAt: now });
}

/** The active users of an account, with what decides what each may read (built once: db/statements.ts). */
const activeMembers = statement('account_members', (db) =>
  db
    .select({ id: users.id, role: users.role, authStatus: accounts.authStatus })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.accountId, slot('accountId', users.accountId)), eq(users.status, 'active'), eq(users.bound, true))),
);

/**
 * A message to every active user of an account whose operator type may read `permissionId`
 * (a party's buyer sees contract news; its finance-only operator does not).
 */
export async function notifyAccount(
  db: Db,
  accountId: string,
  permissionId: string,
  kind: string,
  now: Date,
  params: Params = {},
  link?: string,
): Promise<void> {
  const members = await activeMembers(db, { accountId });
  const readers = members.filter((m) => defineAbilityFor(permissionsForUser(m.role, m.authStatus)).can('query', permissionId));
  if (readers.length) await db.insert(messages).values(readers.map((m) => ({ userId: m.id, kind, params, link, createdAt: now })));
}

/** Opens a todo once: a second open for the same account, kind and ref is a no-op. */
export async function openTodo(
  db: Db,
  todo: { accountId: string; kind: string; ref: string; now: Date; params?: Params; link?: string; businessType?: '0' | '1' },
): Promise<void> {
  await db
    .insert(todos)
    .values({
      accountId: todo.accountId,
      kind: todo.kind,
      ref: todo.ref,
      params: todo.params ?? {},
      link: todo.link,
      businessType: todo.businessType ?? '0',
      createdAt: todo.now,
    })
    .onConflictDoNothing();
}

const closeOpenTodo = statement('todo_close', (db) =>
  db
    .update(todos)
    .set({ status: 'done', doneAt: slot('now', todos.doneAt) })
    .where(and(eq(todos.accountId, slot('accountId', todos.accountId)), eq(todos.kind, slot('kind', todos.kind)), eq(todos.ref, slot('ref', todos.ref)), eq(todos.status, 'open'))),
);

export async function closeTodo(db: Db, accountId: string, kind: string, ref: string, now: Date): Promise<void> {
  await closeOpenTodo(db, { accountId, kind, ref, now });
}
