// Confirming a money step (DESIGN §10 "Confirming money", docs/decisions.md): the signed-in
// person proves it is them with a payment password, an authenticator code (TOTP) or an SMS code
// to their own phone. Infrastructure like sms/: the resource engine's action step and the
// settlement route call confirmMoneyStep; the confirmation domain's routes set the methods up.
//
// Wrong tries are counted in the database (money_confirmations), before the guess is compared,
// as sign-in counts them (auth/users-store.ts takeLoginTry): five wrong in a row lock the method
// for 15 minutes, on every node. Inside an action's transaction a count must outlive its
// rollback: on PostgreSQL it is written at once on a connection of its own (the SMS code's
// `counter`, sms/codes.ts wrongTryCounter), on PGlite (one connection, transactions one at a time)
// after the rollback (countingWrongTries and WrongTry). Writes to a user's row from inside an
// action use that same connection, so no action's transaction holds the row while it waits for
// wallets another action holds.
import { Secret, TOTP } from 'otpauth';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  CONFIRM_FIELD,
  CONFIRM_INPUTS,
  CONFIRM_LOCK_MS,
  CONFIRM_MAX_FAILURES,
  CONFIRM_METHOD_INPUT,
  CONFIRM_METHODS,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  TOTP_WINDOW,
  type ConfirmMethod,
  type ConfirmSettings,
} from '../../shared/confirm';
import { fenToYuan, formatMoney, yuanToFen } from '../../shared/money';
import { BUNDLED_VARIANTS } from '../../shared/schema/variants';
import { movedFen, type MoneyMoves } from '../../shared/resources/moneyMoves';
import type { AppContext } from '../context';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { slot, statement } from '../db/statements';
import { moneyConfirmations } from '../db/schema';
import { fieldError, type MessageRef } from '../errors';
import { hashPassword, verifyPassword } from '../passwords';
import { consumeSmsCodeIn, minutesOf, spendSmsCode, WrongTry, wrongTryCounter } from '../sms/codes';
import { confirmByApiKey } from './requestSignature';

type Row = typeof moneyConfirmations.$inferSelect;
type Locked = 'password' | 'totp';

export interface ConfirmUser {
  id: string;
  phone?: string | null;
  /** An API key's request: its signature confirms in place of the person's code (requestSignature.ts). */
  apiKey?: { money: boolean; signed: boolean };
}

/** A hand-written money route's body properties of its confirmation (JSON Schema, as route schemas declare them); none required here: confirmMoneyStep says which is missing. */
export const confirmBodyProperties = {
  [CONFIRM_FIELD.sms]: { type: 'string', maxLength: 16, description: 'SMS code sent to my own phone (scene verify); the method when confirmMethod is absent' },
  [CONFIRM_METHOD_INPUT]: { type: 'string', enum: [...CONFIRM_METHODS], description: 'sms (default), password or totp' },
  [CONFIRM_FIELD.password]: { type: 'string', maxLength: 64, description: 'My payment password (confirmMethod password)' },
  [CONFIRM_FIELD.totp]: { type: 'string', maxLength: 16, description: 'A code of my authenticator app (confirmMethod totp), accepted once' },
};

/** Which method the input confirms with. */
export function confirmMethodOf(input: Record<string, unknown>): ConfirmMethod {
  const chosen = input[CONFIRM_METHOD_INPUT];
  if (typeof chosen === 'string' && (CONFIRM_METHODS as readonly string[]).includes(chosen)) return chosen as ConfirmMethod;
  // Without a choice, what was sent says it (an API client that sends smsCode, as always, is unchanged).
  if (input[CONFIRM_FIELD.password] !== undefined && input[CONFIRM_FIELD.sms] === undefined) return 'password';
  if (input[CONFIRM_FIELD.totp] !== undefined && input[CONFIRM_FIELD.sms] === undefined) return 'totp';
  return 'sms';
}

/** The confirmation of an input alone (what a selection's first step carries: paying several bills). */
export function confirmationOf(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(CONFIRM_INPUTS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
}

/** The input without its confirmation: what an action's event may keep. */
export function withoutConfirmation(input: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...input };
  for (const k of CONFIRM_INPUTS) delete rest[k];
  return rest;
}

/**
 * Yuan (as fen) above which a step must be confirmed by SMS: the lowest `confirmation.smsAbove`
 * of the variants this deployment serves (one API serves them all), or null.
 */
export function smsAboveFen(config: Pick<Config, 'variants'>): bigint | null {
  let lowest: bigint | null = null;
  for (const id of config.variants) {
    const above = (BUNDLED_VARIANTS as Record<string, { confirmation?: { smsAbove?: string } }>)[id]?.confirmation?.smsAbove;
    if (above === undefined) continue;
    const fen = yuanToFen(above);
    if (lowest === null || fen < lowest) lowest = fen;
  }
  return lowest;
}

/**
 * The fen a step moves, for the variant's "SMS above": the amount given (a selection's total),
 * else what the action's resource file declares it moves (`moves`: a payment's amount typed, a
 * contract's collateral, an objection deposit), else the record's amount (signing a contract).
 */
function stepFen(req: Pick<ConfirmRequest, 'input' | 'record' | 'amount' | 'moves'>): bigint | null {
  if (req.amount === undefined && req.moves) return movedFen(req.moves, req.record?.data ?? {}, req.input);
  const value = req.amount ?? req.input.payAmount ?? req.record?.data.amount;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  try {
    return yuanToFen(value);
  } catch {
    return null; // a malformed amount is the step's own field error, said by its own check
  }
}

export async function confirmationRow(db: Db, userId: string): Promise<Row | undefined> {
  const [row] = await db.select().from(moneyConfirmations).where(eq(moneyConfirmations.userId, userId));
  return row;
}

const COLUMNS = {
  password: { failures: moneyConfirmations.passwordFailures, lockedUntil: moneyConfirmations.passwordLockedUntil, set: (f: unknown, l: unknown) => ({ passwordFailures: f, passwordLockedUntil: l }) },
  totp: { failures: moneyConfirmations.totpFailures, lockedUntil: moneyConfirmations.totpLockedUntil, set: (f: unknown, l: unknown) => ({ totpFailures: f, totpLockedUntil: l }) },
} as const;

/**
 * Takes one try of `method`, atomically and before the guess is compared (as takeLoginTry): the
 * fifth in a row starts a 15-minute lock. Null while locked (the try is refused unchecked);
 * otherwise the tries left after this one (0: this one locked).
 */
export async function takeConfirmTry(db: Db, userId: string, method: Locked, now: Date): Promise<number | null> {
  const c = COLUMNS[method];
  const lockUntil = new Date(now.getTime() + CONFIRM_LOCK_MS).toISOString();
  const [row] = await db
    .update(moneyConfirmations)
    .set(
      c.set(
        sql`case when ${c.failures} + 1 >= ${CONFIRM_MAX_FAILURES} then 0 else ${c.failures} + 1 end`,
        sql`case when ${c.failures} + 1 >= ${CONFIRM_MAX_FAILURES} then ${lockUntil}::timestamptz else null end`,
      ) as Partial<Row>,
    )
    .where(and(eq(moneyConfirmations.userId, userId), or(isNull(c.lockedUntil), sql`${c.lockedUntil} <= ${now.toISOString()}::timestamptz`)))
    .returning({ failures: c.failures, lockedUntil: c.lockedUntil });
  if (!row) return null;
  return row.lockedUntil ? 0 : CONFIRM_MAX_FAILURES - row.failures;
}

async function clearConfirmTries(db: Db, userId: string, method: Locked): Promise<void> {
  const c = COLUMNS[method];
  await db
    .update(moneyConfirmations)
    .set(c.set(0, null) as Partial<Row>)
    .where(and(eq(moneyConfirmations.userId, userId), sql`(${c.failures} <> 0 or ${c.lockedUntil} is not null)`));
}

const lockedUntilOf = (row: Row | undefined, method: Locked) => (method === 'password' ? row?.passwordLockedUntil : row?.totpLockedUntil) ?? null;

/** Minutes left of a lock at `now`, or null. */
export const lockMinutes = (until: Date | null, now: Date): number | null => (until && until.getTime() > now.getTime() ? minutesOf(until.getTime() - now.getTime()) : null);

const wrongKey = { password: 'paymentPasswordWrong', totp: 'totpWrong' } as const;
const lockedKey = { password: 'paymentPasswordLocked', totp: 'totpLocked' } as const;
const lockedError = (method: Locked, minutes: number) => fieldError({ [CONFIRM_FIELD[method]]: { key: lockedKey[method], params: { minutes } } });
/** A wrong guess's answer: the tries left, or the lock it started. */
const wrongAnswer = (method: Locked, left: number): Record<string, MessageRef> => ({
  [CONFIRM_FIELD[method]]: left === 0 ? { key: lockedKey[method], params: { minutes: minutesOf(CONFIRM_LOCK_MS) } } : { key: wrongKey[method], params: { left } },
});

/** A wrong payment password or authenticator code inside a transaction on PGlite: counted once it has rolled back. */
class WrongConfirmation extends WrongTry {
  constructor(
    private readonly userId: string,
    private readonly method: Locked,
    private readonly at: Date,
    fields: Record<string, MessageRef>,
  ) {
    super(400, 'validation', fields);
  }
  async countAfterRollback(db: Db): Promise<void> {
    await takeConfirmTry(db, this.userId, this.method, this.at);
  }
}

/** The step of an authenticator code that is valid at `now` (one step either side), or null. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: TOTP_DIGITS, period: TOTP_PERIOD_S, algorithm: 'SHA1' });
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}

/**
 * Checks a guess of `method` against `matches`, counting it: on PostgreSQL the try is taken on
 * `counter` before the comparison; on PGlite (no counter) the lock is read in `tx` and a wrong
 * guess counted after the rollback.
 */
async function guess(tx: Db, counter: Db | undefined, row: Row, method: Locked, now: Date, matches: () => Promise<boolean>): Promise<void> {
  if (counter) {
    const left = await takeConfirmTry(counter, row.userId, method, now);
    if (left === null) {
      const fresh = await confirmationRow(counter, row.userId);
      throw lockedError(method, lockMinutes(lockedUntilOf(fresh, method), now) ?? minutesOf(CONFIRM_LOCK_MS));
    }
    if (!(await matches())) throw fieldError(wrongAnswer(method, left));
    await clearConfirmTries(counter, row.userId, method);
    return;
  }
  const minutes = lockMinutes(lockedUntilOf(row, method), now);
  if (minutes !== null) throw lockedError(method, minutes);
  if (!(await matches())) {
    const failures = method === 'password' ? row.passwordFailures : row.totpFailures;
    throw new WrongConfirmation(row.userId, method, now, wrongAnswer(method, Math.max(0, CONFIRM_MAX_FAILURES - failures - 1)));
  }
  if ((method === 'password' ? row.passwordFailures : row.totpFailures) > 0) await clearConfirmTries(tx, row.userId, method);
}

export interface ConfirmRequest {
  user: ConfirmUser;
  /** The request's input: smsCode, or confirmMethod with paymentPassword / totpCode. */
  input: Record<string, unknown>;
  now: Date;
  /** `money` (the default): a money step, to which the variant's smsAbove applies; `bind`, `unbind`: a change of the authenticator (none confirms its own binding). */
  scene?: 'money' | 'bind' | 'unbind';
  /** The record acted on, whose amount the step moves unless it pays `payAmount` or `amount` is given. */
  record?: { data: Record<string, unknown> };
  /** The step's amount in yuan (paying several bills: their total). */
  amount?: string;
  /** What the action's resource file declares it moves: where its amount is read. */
  moves?: MoneyMoves;
  /** An SMS code's spend sent ahead (spendConfirmation). */
  spending?: Promise<boolean>;
}

/**
 * Sends the usual case of an SMS confirmation ahead, so it travels with the caller's next
 * statement (as spendSmsCode); for the other methods there is nothing to send ahead.
 */
export function spendConfirmation(tx: Db, user: ConfirmUser, input: Record<string, unknown>, now: Date): Promise<boolean> {
  if (user.apiKey || confirmMethodOf(input) !== 'sms' || typeof input[CONFIRM_FIELD.sms] !== 'string') return Promise.resolve(false);
  // The method used (remember) goes in the same round trip: a wrong code fails the step, whose
  // rollback takes it back, so it is kept only when the step commits, as before.
  const spent = Promise.all([spendSmsCode(tx, now, user.phone ?? '', 'verify', String(input[CONFIRM_FIELD.sms])), remember(tx, user.id, 'sms', now)]).then(([ok]) => ok);
  // Awaited by confirmMoneyStep once the action may run; an action refused before then never looks.
  spent.catch(() => undefined);
  rememberedAhead.add(spent);
  return spent;
}

/** The spends sent ahead that carried the method's remember (confirmMoneyStep then sends none). */
const rememberedAhead = new WeakSet<Promise<boolean>>();

/**
 * Confirms a step of `user` in `tx`, or throws a 400 on the field of the method used: the SMS code
 * is spent with the transaction; a payment password or an authenticator code counts its wrong
 * tries and locks after five; an authenticator code is accepted once. Answers the method used.
 */
export async function confirmMoneyStep(tx: Db, ctx: Pick<AppContext, 'db' | 'dbKind'> & { config?: Pick<Config, 'variants'> }, req: ConfirmRequest): Promise<ConfirmMethod | 'signature'> {
  const { user, input, now } = req;
  // A key's money step: its money scope and this request's signature, never a person's code.
  if (user.apiKey) {
    confirmByApiKey(user.apiKey);
    return 'signature';
  }
  const method = confirmMethodOf(input);
  const field = CONFIRM_FIELD[method];
  const value = input[field];
  if (typeof value !== 'string' || value === '') throw fieldError({ [field]: 'validation:required' });
  const counter = wrongTryCounter(ctx);
  if (method !== 'sms' && (req.scene ?? 'money') === 'money') {
    // The variant's SMS-only amount is never skipped: a caller without the app's config is a bug.
    if (!ctx.config) throw new Error('confirmMoneyStep: a money step needs the app config (the variants\' confirmation.smsAbove)');
    const above = smsAboveFen(ctx.config);
    const fen = stepFen(req);
    if (above !== null && fen !== null && fen > above) throw fieldError({ [field]: { key: 'smsRequiredAbove', params: { amount: formatMoney(above) } } });
  }
  if (method === 'sms') {
    await consumeSmsCodeIn(tx, now, user.phone ?? '', 'verify', value, field, counter, req.spending);
    if (!(req.spending && rememberedAhead.has(req.spending))) await remember(tx, user.id, 'sms', now);
    return method;
  }
  if (method === 'totp' && req.scene === 'bind') throw fieldError({ [field]: 'totpCannotConfirmItself' });
  const row = await confirmationRow(tx, user.id);
  if (method === 'password') {
    if (!row?.passwordHash) throw fieldError({ [field]: 'paymentPasswordNotSet' });
    const hash = row.passwordHash;
    await guess(tx, counter, row, 'password', now, () => verifyPassword(value, hash));
    await remember(tx, user.id, 'password', now);
    return method;
  }
  if (!row?.totpSecret) throw fieldError({ [field]: 'totpNotBound' });
  const secret = row.totpSecret;
  let step: number | null = null;
  await guess(tx, counter, row, 'totp', now, async () => (step = totpStep(secret, value, now)) !== null);
  // Once: a code whose step is at or before the last one accepted is a replay. One statement in
  // the step's transaction: of two requests with one code (on any nodes) the second waits for the
  // first's row lock and then finds the step taken; a step that rolls back spends nothing. (Not on
  // a second connection: a step holding its record's lock while it waits for a free connection,
  // with every connection held by steps waiting for that lock, would never finish.)
  const [taken] = await tx
    .update(moneyConfirmations)
    .set({ totpLastStep: step!, lastMethod: 'totp', updatedAt: now })
    .where(and(eq(moneyConfirmations.userId, user.id), or(isNull(moneyConfirmations.totpLastStep), lt(moneyConfirmations.totpLastStep, step!))))
    .returning({ userId: moneyConfirmations.userId });
  if (!taken) throw fieldError({ [field]: 'totpUsed' });
  return method;
}

/**
 * The method the user confirmed with last (the console's default), where the user has set anything
 * up: written in the step's transaction, so it is remembered when the step commits (never on a
 * second connection while the step holds its record's lock: 20 payments of one request at once
 * emptied the pool, tests/api/payment-requests.test.ts).
 */
async function remember(tx: Db, userId: string, method: ConfirmMethod, now: Date): Promise<void> {
  await rememberMethod(tx, { userId, method, now });
}

/** remember()'s statement, built once (db/statements.ts): every SMS-confirmed money step sends it. */
const rememberMethod = statement('confirm_remember', (db) =>
  db
    .update(moneyConfirmations)
    .set({ lastMethod: slot('method', moneyConfirmations.lastMethod), updatedAt: slot('now', moneyConfirmations.updatedAt) })
    .where(and(eq(moneyConfirmations.userId, slot('userId', moneyConfirmations.userId)), sql`${moneyConfirmations.lastMethod} is distinct from ${slot('method', moneyConfirmations.lastMethod)}`)),
);

/** Sets (or resets) the payment password: its scrypt hash, any lock lifted. The caller has checked an SMS code. */
export async function setPaymentPassword(db: Db, userId: string, password: string, now: Date): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .insert(moneyConfirmations)
    .values({ userId, passwordHash, updatedAt: now })
    .onConflictDoUpdate({ target: moneyConfirmations.userId, set: { passwordHash, passwordFailures: 0, passwordLockedUntil: null, updatedAt: now } });
}

/** What the user has set up (GET /api/confirm/settings). */
export async function confirmSettings(db: Db, config: Pick<Config, 'variants'>, userId: string, now: Date): Promise<ConfirmSettings> {
  const row = await confirmationRow(db, userId);
  const above = smsAboveFen(config);
  const last = row?.lastMethod;
  return {
    paymentPassword: !!row?.passwordHash,
    totp: !!row?.totpSecret,
    lastMethod: last && (CONFIRM_METHODS as readonly string[]).includes(last) ? (last as ConfirmMethod) : null,
    passwordLockedMinutes: lockMinutes(row?.passwordLockedUntil ?? null, now),
    totpLockedMinutes: lockMinutes(row?.totpLockedUntil ?? null, now),
    smsAbove: above === null ? null : fenToYuan(above),
  };
}

/** A new authenticator secret offered for binding (replacing any earlier offer); answers it and its otpauth:// URI. */
export async function offerTotp(db: Db, user: { id: string; label: string }, now: Date): Promise<{ secret: string; uri: string }> {
  const row = await confirmationRow(db, user.id);
  if (row?.totpSecret) throw fieldError({ code: 'totpAlreadyBound' });
  const secret = new Secret({ size: 20 }).base32;
  await db
    .insert(moneyConfirmations)
    .values({ userId: user.id, totpPending: secret, totpPendingAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: moneyConfirmations.userId, set: { totpPending: secret, totpPendingAt: now, updatedAt: now } });
  const uri = new TOTP({ issuer: '链上付 LSF', label: user.label, secret: Secret.fromBase32(secret), digits: TOTP_DIGITS, period: TOTP_PERIOD_S, algorithm: 'SHA1' }).toString();
  return { secret, uri };
}

/** Binds the offered secret once `code` is a current code of it (the caller has confirmed the user in `tx`). */
export async function bindTotp(tx: Db, userId: string, code: string, now: Date, ttlMs: number): Promise<void> {
  const row = await confirmationRow(tx, userId);
  if (row?.totpSecret) throw fieldError({ code: 'totpAlreadyBound' });
  if (!row?.totpPending || !row.totpPendingAt || now.getTime() - row.totpPendingAt.getTime() > ttlMs) throw fieldError({ code: 'totpBindExpired' });
  const step = totpStep(row.totpPending, code, now);
  if (step === null) throw fieldError({ code: 'totpBindWrong' });
  await tx
    .update(moneyConfirmations)
    .set({ totpSecret: row.totpPending, totpPending: null, totpPendingAt: null, totpLastStep: step, totpFailures: 0, totpLockedUntil: null, updatedAt: now })
    .where(eq(moneyConfirmations.userId, userId));
}

/** Unbinds the authenticator (the caller has confirmed the user in `tx`). */
export async function unbindTotp(tx: Db, userId: string, now: Date): Promise<void> {
  const row = await confirmationRow(tx, userId);
  if (!row?.totpSecret) throw fieldError({ totpCode: 'totpNotBound' });
  await tx
    .update(moneyConfirmations)
    .set({ totpSecret: null, totpLastStep: null, totpFailures: 0, totpLockedUntil: null, lastMethod: row.lastMethod === 'totp' ? null : row.lastMethod, updatedAt: now })
    .where(eq(moneyConfirmations.userId, userId));
}

