// Transfers (DESIGN §8): the only way a balance changes. Each function runs inside the caller's
// transaction (the business state change commits with it or not at all), locks the two ledger
// accounts in id order (so two transfers over the same accounts never deadlock), checks the
// debited account may pay, writes one immutable transfer row and moves the totals.
//   transfer()    posted at once (a confirmed deposit, a release)
//   hold()        pending: counted against the debited wallet until postHold() or voidHold()
//   postHold()    the hold's money moves (a withdrawal completed, collateral released)
//   voidHold()    the hold returns (a withdrawal failed, collateral refunded)
//   transferBatch() a set posted at once (a clearing run's settlement), two statements in all
// A transfer's `key` is unique: one business step moves money once, whatever retries it. Its
// `batchId` names the payment (or batch) it is part of: that payment's transfers are read by it.
//
// Speed (docs/decisions.md "Ledger figures", "Collateral payments: third pass"): a transfer or a
// hold is one statement after BEGIN, a resolution two (its hold's row locked first); each is a
// prepared statement of constant text (PostgreSQL plans it once per connection), whose steps run
// only if the one before held:
//   lock    SELECT … ORDER BY id FOR UPDATE on both accounts, answering the balance check
//   write   INSERT the transfer (ON CONFLICT (key) DO NOTHING) and, only if it was inserted,
//           UPDATE both accounts' totals (UPDATE … FROM (VALUES …)) and the statement lines of
//           the business wallets it touches (ledger_lines: a movement's lines, or a resolution's
//           update of its hold's lines); a movement and a resolution are two statement texts
// The rows locked, the checks and the rows written are those of the one-statement-per-step
// version this replaced; only the round trips and the statement planning went.
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ledgerTransfers } from '../db/schema';
import { conflict } from '../errors';
import { walletOwner } from './accounts';

export type TransferRow = typeof ledgerTransfers.$inferSelect;

export interface TransferSpec {
  debit: string;
  credit: string;
  /** Fen, > 0. */
  amount: bigint;
  kind: string;
  ref: { resource: string; id: string };
  /** Unique per business step, e.g. `deposit:<id>`. */
  key: string;
  /** The payment or batch it is part of (a payment of bills, a payment request, a clearing run), by which its transfers are read back. */
  batchId?: string | null;
  userId: string | null;
  now: Date;
}

const dialect = new PgDialect();

/**
 * Runs `query` as a prepared statement in `tx` (postgres-js keeps it per connection, keyed by its
 * text; PGlite runs it as is) and answers its rows. Values are read as text or booleans, which
 * both drivers answer alike.
 */
async function prepared<T>(tx: Db, name: string, query: SQL): Promise<T[]> {
  return run<T>(tx, name, dialect.sqlToQuery(query));
}

async function run<T>(tx: Db, name: string, query: { sql: string; params: unknown[] }, values?: Record<string, unknown>): Promise<T[]> {
  const res = (await tx._.session.prepareQuery(query, undefined, name, false).execute(values)) as unknown;
  return (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as T[];
}

/** A value of a kept statement, filled in per call (a bigint as text, cast in SQL: both drivers take it). */
const v = (name: string) => sql.placeholder(name);

/**
 * A statement of the ledger's hot path written once, with v('name') for each value: its text is
 * made on the first call and kept, and each call fills in the values (the same text and
 * parameters the query written per call made; building it per call was a tenth of a collateral
 * payment's allocations, docs/decisions.md "Collateral payments: third pass").
 */
function kept<T>(name: string, query: SQL): (tx: Db, values: Record<string, unknown>) => Promise<T[]> {
  let made: { sql: string; params: unknown[] } | undefined;
  return (tx, values) => run<T>(tx, name, (made ??= dialect.sqlToQuery(query)), values);
}

interface Movement {
  debit: string;
  credit: string;
  amount: bigint;
  status: 'posted' | 'pending' | 'voided';
  pendingId: string | null;
  kind: string;
  refResource: string;
  refId: string;
  key: string;
  batchId: string | null;
  userId: string | null;
  now: Date;
  /** What the row adds to the totals: debit account's posted and pending debits, credit account's posted and pending credits. */
  totals: { debitsPosted: bigint; debitsPending: bigint; creditsPosted: bigint; creditsPending: bigint };
  /** The debit a no-negative account must cover (a new movement); none for a resolution, whose hold already counts. */
  covers: bigint | null;
}

/** A movement's statement lines: one per business wallet it touches, inserted with the transfer (CTE t). */
const openLines = sql`insert into ledger_lines (transfer_id, account_id, direction, kind, amount, state, ref_resource, ref_id, user_id, created_at, updated_at, updated_by)
      select t.id, side.account, side.direction, ${v('kind')}, ${v('amount')}::bigint, ${v('status')}, ${v('refResource')}, ${v('refId')}::uuid, ${v('userId')}::uuid, ${v('at')}::timestamptz, ${v('at')}::timestamptz, ${v('userId')}::uuid
      from t, (values (${v('debitOwner')}::uuid, 'out'), (${v('creditOwner')}::uuid, 'in')) as side(account, direction)
      where side.account is not null
      returning 1`;

/** A resolution's end of its hold's lines: their state becomes the resolution's (posted, voided). */
const endLines = sql`update ledger_lines set state = ${v('status')}, updated_at = ${v('at')}::timestamptz, updated_by = ${v('userId')}::uuid
      where transfer_id = ${v('pendingId')}::uuid and exists (select 1 from t)
      returning 1`;

/**
 * A movement (`lines` opens its statement lines) or a resolution (`lines` ends its hold's) in one
 * statement, each step only if the one before it held:
 *   locked   both accounts locked in id order (FOR UPDATE; a row changed meanwhile is read as
 *            committed), whether a no-negative debit account is short of `covers`;
 *   checked  both found, none short, and (a resolution) its hold not resolved already: asked after
 *            the hold's own row lock was taken (lockHold), so a resolution committed meanwhile is seen;
 *   t        the transfer row (ON CONFLICT (key) DO NOTHING: a used key writes nothing);
 *   moved    both accounts' totals, only if t was written;
 *   lines    the wallets' statement lines.
 */
const moveStatement = (name: string, lines: SQL) =>
  kept<{ found: number; short: boolean; resolved: boolean; id: string | null; moved: number }>(
    name,
    sql`with locked as (
        select id, (no_negative and id = ${v('covering')} and debits_posted + debits_pending + ${v('covers')}::bigint > credits_posted) as short
        from ledger_accounts where id in (${v('first')}, ${v('second')}) order by id for update
      ), checked as (
        select count(*)::int as found, coalesce(bool_or(short), false) as short,
          exists (select 1 from ledger_transfers r where r.pending_id = ${v('pendingId')}::uuid) as resolved
        from locked
      ), t as (
        insert into ledger_transfers (debit_account_id, credit_account_id, amount, kind, status, pending_id, ref_resource, ref_id, key, batch_id, user_id, created_at)
        select ${v('debit')}, ${v('credit')}, ${v('amount')}::bigint, ${v('kind')}, ${v('status')}, ${v('pendingId')}::uuid, ${v('refResource')}, ${v('refId')}::uuid, ${v('key')}, ${v('batchId')}::uuid, ${v('userId')}::uuid, ${v('at')}::timestamptz
        from checked where found = 2 and not short and not resolved
        on conflict (key) do nothing
        returning id
      ), moved as (
        update ledger_accounts a set
          debits_posted = a.debits_posted + v.dp, debits_pending = a.debits_pending + v.dq,
          credits_posted = a.credits_posted + v.cp, credits_pending = a.credits_pending + v.cq
        from (values (${v('debit')}, ${v('debitsPosted')}::bigint, ${v('debitsPending')}::bigint, 0::bigint, 0::bigint),
                     (${v('credit')}, 0::bigint, 0::bigint, ${v('creditsPosted')}::bigint, ${v('creditsPending')}::bigint)) as v(id, dp, dq, cp, cq)
        where a.id = v.id and exists (select 1 from t)
        returning a.id
      ), lines as (${lines})
      select found, short, resolved, (select id::text from t) as id, (select count(*) from moved)::int as moved from checked`,
  );
const moveOpening = moveStatement('ledger_move_open', openLines);
const moveEnding = moveStatement('ledger_move_end', endLines);

/**
 * Locks both accounts, checks them, inserts the transfer row and moves both accounts' totals, in
 * one statement (one round trip: docs/decisions.md "Collateral payments: third pass"). 409
 * transferDone when the hold was already resolved or the key was already used (a retried request
 * whose business check let it through); 409 insufficientBalance when a no-negative debit account
 * cannot cover the movement.
 */
async function move(tx: Db, m: Movement): Promise<TransferRow> {
  const [first, second] = m.debit < m.credit ? [m.debit, m.credit] : [m.credit, m.debit];
  // The row's fields as the movement has them.
  const same = { kind: m.kind, status: m.status, pendingId: m.pendingId, refResource: m.refResource, refId: m.refId, key: m.key, batchId: m.batchId, userId: m.userId };
  const values = {
    ...same,
    first,
    second,
    // A resolution checks no balance: its hold already counts against the debit account.
    covering: m.covers === null ? '' : m.debit,
    covers: (m.covers ?? 0n).toString(),
    debit: m.debit,
    credit: m.credit,
    amount: m.amount.toString(),
    at: m.now.toISOString(),
    debitsPosted: m.totals.debitsPosted.toString(),
    debitsPending: m.totals.debitsPending.toString(),
    creditsPosted: m.totals.creditsPosted.toString(),
    creditsPending: m.totals.creditsPending.toString(),
    debitOwner: walletOwner(m.debit),
    creditOwner: walletOwner(m.credit),
  };
  // Two statement texts, each prepared once: a movement's, which opens its lines, and a resolution's, which ends them.
  const [made] = await (m.pendingId === null ? moveOpening : moveEnding)(tx, values);
  if (made.found !== 2) throw new Error(`ledger: unknown account among ${first}, ${second}`);
  if (made.resolved) throw conflict('transferDone');
  if (made.short) throw conflict('insufficientBalance');
  if (made.id === null) throw conflict('transferDone');
  if (Number(made.moved) !== 2) throw new Error(`ledger: transfer ${m.key} moved ${made.moved} accounts`);
  return { ...same, id: made.id, debitAccountId: m.debit, creditAccountId: m.credit, amount: m.amount, createdAt: m.now };
}

function checkSpec(spec: TransferSpec) {
  if (spec.amount <= 0n) throw new Error(`ledger: amount must be positive (${spec.amount})`);
  if (spec.debit === spec.credit) throw new Error('ledger: debit and credit are the same account');
}

const movementOf = (spec: TransferSpec, status: 'posted' | 'pending'): Movement => {
  const { amount } = spec;
  const posted = status === 'posted' ? amount : 0n;
  const pending = status === 'pending' ? amount : 0n;
  return {
    debit: spec.debit,
    credit: spec.credit,
    amount,
    status,
    pendingId: null,
    kind: spec.kind,
    refResource: spec.ref.resource,
    refId: spec.ref.id,
    key: spec.key,
    batchId: spec.batchId ?? null,
    userId: spec.userId,
    now: spec.now,
    totals: { debitsPosted: posted, debitsPending: pending, creditsPosted: posted, creditsPending: pending },
    covers: amount,
  };
};

/**
 * Locks `ids` in id order, for a business step that makes several transfers: each transfer locks
 * its own two accounts in id order, but a second transfer may need an account with a lower id
 * than one the first still holds (releasing collateral holds escrow, then pays the seller's
 * wallet), and two such steps crossing would deadlock. Locking every account of the step first
 * keeps one global order; the transfers then find their rows already held.
 */
export async function lockLedgerAccounts(tx: Db, ids: string[]): Promise<void> {
  const sorted = [...new Set(ids)].sort();
  await prepared(tx, 'ledger_lock_step', sql`select id from ledger_accounts where id in (${sql.join(sorted.map((id) => sql`${id}`), sql`, `)}) order by id for update`);
}

/** Moves `amount` from debit to credit now. */
export async function transfer(tx: Db, spec: TransferSpec): Promise<TransferRow> {
  checkSpec(spec);
  return move(tx, movementOf(spec, 'posted'));
}

/** Holds `amount` of the debit account for the credit account (two-phase, pending). */
export async function hold(tx: Db, spec: TransferSpec): Promise<TransferRow> {
  checkSpec(spec);
  return move(tx, movementOf(spec, 'pending'));
}

/** The hold of a business step (by its key), its row locked; it must exist. */
const holdStatement = kept<{ id: string; debit: string; credit: string; amount: string; refResource: string; refId: string }>(
  'ledger_hold',
  sql`select id::text as id, debit_account_id as debit, credit_account_id as credit, amount::text as amount, ref_resource as "refResource", ref_id::text as "refId"
    from ledger_transfers where key = ${v('key')} and status = 'pending' for update`,
);

async function lockHold(tx: Db, key: string) {
  const [pending] = await holdStatement(tx, { key });
  if (!pending) throw new Error(`ledger: no hold ${key}`);
  return pending;
}

async function resolveHold(tx: Db, holdKey: string, status: 'posted' | 'voided', step: Pick<TransferSpec, 'kind' | 'key' | 'userId' | 'now'>): Promise<TransferRow> {
  const pending = await lockHold(tx, holdKey);
  const amount = BigInt(pending.amount);
  const posted = status === 'posted' ? amount : 0n;
  // 409 transferDone when the hold was already posted or voided.
  return move(tx, {
    debit: pending.debit,
    credit: pending.credit,
    amount,
    status,
    pendingId: pending.id,
    kind: step.kind,
    refResource: pending.refResource,
    refId: pending.refId,
    key: step.key,
    // A hold and its resolution are one step of their own, in no batch.
    batchId: null,
    userId: step.userId,
    now: step.now,
    totals: { debitsPosted: posted, debitsPending: -amount, creditsPosted: posted, creditsPending: -amount },
    covers: null,
  });
}

/** The hold made under `holdKey` moves its money to its credit account. */
export const postHold = (tx: Db, holdKey: string, step: Pick<TransferSpec, 'kind' | 'key' | 'userId' | 'now'>) => resolveHold(tx, holdKey, 'posted', step);

/** The hold made under `holdKey` returns to its debit account. */
export const voidHold = (tx: Db, holdKey: string, step: Pick<TransferSpec, 'kind' | 'key' | 'userId' | 'now'>) => resolveHold(tx, holdKey, 'voided', step);

/**
 * Posts a set of transfers at once (a clearing run's settlement: ~1,000 wallet-to-wallet
 * payments, which one transfer() each made 3.8 s of the run). Same rows as transfer() for each
 * (transfer, totals, statement lines) and the same guarantees, in two statements of constant text:
 *   1. lock  every account of the batch in id order (FOR UPDATE), checking that each no-negative
 *            account covers what the batch takes from it less what it brings in: the batch is
 *            atomic, so its end state is the one anybody can see (409 insufficientBalance);
 *   2. write insert the transfers (ON CONFLICT (key) DO NOTHING: 409 transferDone if any key was
 *            used), add each account's summed movements to its totals, open their lines.
 * Answers the rows in the order of `specs`.
 */
export async function transferBatch(tx: Db, specs: readonly TransferSpec[]): Promise<TransferRow[]> {
  if (!specs.length) return [];
  for (const spec of specs) checkSpec(spec);
  if (new Set(specs.map((s) => s.key)).size !== specs.length) throw new Error('ledger: a batch repeats a key');
  const out = new Map<string, bigint>();
  const into = new Map<string, bigint>();
  for (const s of specs) {
    out.set(s.debit, (out.get(s.debit) ?? 0n) + s.amount);
    into.set(s.credit, (into.get(s.credit) ?? 0n) + s.amount);
  }
  const ids = [...new Set([...out.keys(), ...into.keys()])].sort();
  const deltas = JSON.stringify(ids.map((id) => ({ id, takes: (out.get(id) ?? 0n).toString(), brings: (into.get(id) ?? 0n).toString() })));
  const locked = await prepared<{ id: string; short: boolean }>(
    tx,
    'ledger_batch_lock',
    sql`select a.id, (a.no_negative and a.debits_posted + a.debits_pending + d.takes > a.credits_posted + d.brings) as short
      from ledger_accounts a join jsonb_to_recordset(${deltas}::jsonb) as d(id text, takes bigint, brings bigint) on d.id = a.id
      order by a.id for update of a`,
  );
  if (locked.length !== ids.length) throw new Error(`ledger: unknown account in a batch of ${specs.length} transfers`);
  if (locked.some((r) => r.short)) throw conflict('insufficientBalance');

  const rows = JSON.stringify(
    specs.map((s, i) => ({ i, debit: s.debit, credit: s.credit, amount: s.amount.toString(), kind: s.kind, ref_resource: s.ref.resource, ref_id: s.ref.id, key: s.key, batch_id: s.batchId ?? null, user_id: s.userId, at: s.now.toISOString() })),
  );
  const made = await prepared<{ id: string; key: string; moved: number }>(
    tx,
    'ledger_batch_write',
    sql`with v as (
        select * from jsonb_to_recordset(${rows}::jsonb) as v(i int, debit text, credit text, amount bigint, kind text, ref_resource text, ref_id uuid, key text, batch_id uuid, user_id uuid, at timestamptz)
      ), t as (
        insert into ledger_transfers (debit_account_id, credit_account_id, amount, kind, status, ref_resource, ref_id, key, batch_id, user_id, created_at)
        select debit, credit, amount, kind, 'posted', ref_resource, ref_id, key, batch_id, user_id, at from v order by i
        on conflict (key) do nothing
        returning id, debit_account_id, credit_account_id, amount, kind, ref_resource, ref_id, key, user_id, created_at
      ), moved as (
        update ledger_accounts a set debits_posted = a.debits_posted + m.dp, credits_posted = a.credits_posted + m.cp
        from (select id, sum(dp) as dp, sum(cp) as cp from (
            select debit_account_id as id, amount as dp, 0::bigint as cp from t
            union all select credit_account_id, 0::bigint, amount from t) s group by id) m
        where a.id = m.id
        returning a.id
      ), lines as (
        insert into ledger_lines (transfer_id, account_id, direction, kind, amount, state, ref_resource, ref_id, user_id, created_at, updated_at, updated_by)
        select t.id, left(side.account, -length(':wallet'))::uuid, side.direction, t.kind, t.amount, 'posted', t.ref_resource, t.ref_id, t.user_id, t.created_at, t.created_at, t.user_id
        from t cross join lateral (values (t.debit_account_id, 'out'), (t.credit_account_id, 'in')) as side(account, direction)
        where side.account like '%:wallet'
        returning 1
      )
      select id::text as id, key, (select count(*) from moved)::int as moved from t`,
  );
  // A used key: the statement wrote the others; the caller's transaction rolls all of it back.
  if (made.length !== specs.length) throw conflict('transferDone');
  if (Number(made[0].moved) !== ids.length) throw new Error(`ledger: a batch moved ${made[0].moved} of ${ids.length} accounts`);
  const idOf = new Map(made.map((r) => [r.key, r.id]));
  return specs.map((s) => ({ id: idOf.get(s.key)!, debitAccountId: s.debit, creditAccountId: s.credit, amount: s.amount, kind: s.kind, status: 'posted', pendingId: null, refResource: s.ref.resource, refId: s.ref.id, key: s.key, batchId: s.batchId ?? null, userId: s.userId, createdAt: s.now }));
}
