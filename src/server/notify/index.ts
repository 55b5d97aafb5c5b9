// Business events leave two traces: a message to a user (the message centre and the unread
// badge) and, when someone must act, a todo for the account. Both are stored as a kind with
// parameters and rendered in the reader's language (locales/*/messages.json).
import { and, eq, sql } from 'drizzle-orm';
import { defineAbilityFor } from '../../shared/ability';
import { permissionsForUser, ROLE_NAMES } from '../../shared/permissions';
import type { Db } from '../db/client';
import { slot, statement } from '../db/statements';
import { accounts, messages, todos, users } from '../db/schema';

type Params = Record<string, string | number>;

export async function notifyUser(db: Db, userId: string, kind: string, now: Date, params: Params = {}, link?: string): Promise<void> {
  await db.insert(messages).values({ userId, kind, params, link, createdAt: now });
}

/**
 * Who may read `permissionId`: the roles that may when their account is approved, and those that
 * may before. Roles are the finite list of permissions.json (an unknown role reads nothing), so
 * the question is answered once per permission and asked of the users in SQL.
 */
const readersOf = new Map<string, { approved: string[]; notApproved: string[] }>();
function readerRoles(permissionId: string): { approved: string[]; notApproved: string[] } {
  let roles = readersOf.get(permissionId);
  if (!roles) {
    const may = (approved: boolean) => ROLE_NAMES.filter((role) => defineAbilityFor(permissionsForUser(role, approved ? 'approved' : 'unverified')).can('query', permissionId));
    roles = { approved: may(true), notApproved: may(false) };
    readersOf.set(permissionId, roles);
  }
  return roles;
}

/** One message to each active, bound user of an account whose role may read the news: one statement (built once: db/statements.ts). */
const messageMembers = statement('account_message', (db) =>
  db.insert(messages).select(
    db
      .select({
        // Every column of messages, in its order (drizzle's INSERT … SELECT names them all).
        id: sql`gen_random_uuid()`.as('id'),
        userId: users.id,
        kind: sql`${slot('kind', messages.kind)}::text`.as('kind'),
        params: sql`${slot('params', messages.params)}::jsonb`.as('params'),
        link: sql`${slot('link', messages.link)}::text`.as('link'),
        createdAt: sql`${slot('now', messages.createdAt)}::timestamptz`.as('created_at'),
        readAt: sql`null::timestamptz`.as('read_at'),
        deletedAt: sql`null::timestamptz`.as('deleted_at'),
      })
      .from(users)
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .where(
        and(
          eq(users.accountId, slot('accountId', users.accountId)),
          eq(users.status, 'active'),
          eq(users.bound, true),
          sql`case when ${accounts.authStatus} = 'approved' then ${users.role} = any(${sql.placeholder('approvedRoles')}::text[]) else ${users.role} = any(${sql.placeholder('otherRoles')}::text[]) end`,
        ),
      ),
  ),
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
  const roles = readerRoles(permissionId);
  await messageMembers(db, { accountId, kind, params, link: link ?? null, now, approvedRoles: roles.approved, otherRoles: roles.notApproved });
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
