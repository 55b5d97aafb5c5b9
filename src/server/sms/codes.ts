// SMS verification codes: 6 digits from a secure random source, single use, valid 5 minutes,
// at most 5 wrong tries per code, one send per phone per 60 s and, per China day, 10 for sign-in,
// registration, reset and any code to another's phone (quota `daily`) and SMS_CONFIRM_DAILY_LIMIT
// for a signed-in user's confirmations to their own phone (quota `confirm`).
// Every counter is a row in the database, so limits hold across restarts and nodes.
import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { SMS_CONFIRM_DAILY_LIMIT } from '../../shared/confirm';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_MS,
  SMS_DAILY_LIMIT,
  SMS_MAX_WRONG_TRIES,
  SMS_RESEND_WINDOW_MS,
  type SmsScene,
} from '../../shared/constants';
import type { AppContext } from '../context';
import { smsCodes } from '../db/schema';
import type { Db } from '../db/client';
import { slot, statement } from '../db/statements';
import { AppError, fieldError, tooMany } from '../errors';

export const hashCode = (phone: string, scene: string, code: string) =>
  createHash('sha256').update(`${phone}:${scene}:${code}`).digest('hex');

/** Start of the calendar day in China (UTC+8), which is what "10 per day" means to users. */
export function startOfChinaDay(now: Date): Date {
  const shifted = now.getTime() + 8 * 3_600_000;
  return new Date(shifted - (shifted % 86_400_000) - 8 * 3_600_000);
}

/** Which daily cap a code counts against (sms_codes.quota): `confirm` only for a signed-in user's confirmation to their own phone. */
export type SmsQuota = 'daily' | 'confirm' | 'none';
export const SMS_QUOTA_LIMIT: Record<Exclude<SmsQuota, 'none'>, number> = { daily: SMS_DAILY_LIMIT, confirm: SMS_CONFIRM_DAILY_LIMIT };

/** Wait times are said in whole minutes, rounded up (a wait of 30 s is "1 minute"). */
export const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

export async function sendSmsCode(ctx: AppContext, phone: string, scene: SmsScene, quota: Exclude<SmsQuota, 'none'> = 'daily'): Promise<{ retryAfter: number }> {
  const now = ctx.clock.now();
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  await ctx.db.transaction(async (tx) => {
    // Serialises concurrent sends to one phone so two requests cannot both pass the limits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    const [last] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last && now.getTime() - last.createdAt.getTime() < SMS_RESEND_WINDOW_MS) {
      const wait = SMS_RESEND_WINDOW_MS - (now.getTime() - last.createdAt.getTime());
      throw tooMany('smsResendTooSoon', { minutes: minutesOf(wait) }, wait);
    }
    // Each cap counts its own codes: a day of confirmations leaves sign-in's ten untouched.
    const [{ sent }] = await tx
      .select({ sent: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, startOfChinaDay(now)), eq(smsCodes.quota, quota)));
    // The cap is per China day: a try can succeed again at the next China midnight.
    const nextDay = startOfChinaDay(now).getTime() + 86_400_000 - now.getTime();
    if (sent >= SMS_QUOTA_LIMIT[quota]) throw tooMany(quota === 'confirm' ? 'smsConfirmDailyLimit' : 'smsDailyLimit', { limit: SMS_QUOTA_LIMIT[quota] }, nextDay);
    await tx.insert(smsCodes).values({
      phone,
      scene,
      quota,
      codeHash: hashCode(phone, scene, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
    });
    await ctx.sms.send(tx as unknown as typeof ctx.db, { phone, scene, code, sentAt: now });
  });
  return { retryAfter: SMS_RESEND_WINDOW_MS / 1000 };
}

/**
 * A wrong try met inside a transaction that then rolls back: countingWrongTries counts it
 * afterwards, in its own statement (an SMS code's try here; a payment password's or an
 * authenticator's in src/server/confirm/), unless it was counted at once.
 */
export abstract class WrongTry extends AppError {
  abstract countAfterRollback(db: Db): Promise<void>;
}

/** A wrong code: the caller's transaction rolls back, so the try is counted afterwards (countWrongTry) unless it already was. */
export class WrongSmsCode extends WrongTry {
  constructor(
    readonly codeId: string,
    field: string,
    last: boolean,
    readonly counted = false,
  ) {
    super(400, 'validation', { [field]: last ? 'smsCodeTooManyTries' : 'smsCodeWrong' });
  }
  countAfterRollback(db: Db): Promise<void> {
    return countWrongTry(db, this);
  }
}

/**
 * Checks and consumes the newest code sent to phone for scene; throws a 400 on `field`. In a
 * transaction (`tx`) where the code guards work (signing, money actions) the code is spent only
 * if that work commits.
 *   A wrong try must be counted before another try of the same code is compared, or tries sent
 * at the same moment (to one node or several) are all compared against the old count and a
 * guesser gets more than five. `counter` is a connection outside `tx` that commits the count at
 * once (the atomic `wrong_tries < 5` update lets exactly five through); the code's row is not
 * locked before that, so the count never waits on this transaction. Without it (PGlite, one
 * connection, whose transactions run one at a time anyway) the caller counts the try once the
 * transaction has rolled back (countingWrongTries).
 */
/** The usual case of consumeSmsCodeIn: the newest unused code of the phone and scene, if it matches and is valid, spent (built once: db/statements.ts). */
const spendNewest = statement('sms_spend_newest', (db) => {
  const newest = db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, slot('phone', smsCodes.phone)), eq(smsCodes.scene, slot('scene', smsCodes.scene)), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return db
    .update(smsCodes)
    .set({ consumedAt: slot('now', smsCodes.consumedAt) })
    .where(
      and(
        eq(smsCodes.id, sql`(${newest})`),
        isNull(smsCodes.consumedAt),
        eq(smsCodes.codeHash, slot('codeHash', smsCodes.codeHash)),
        gt(smsCodes.expiresAt, slot('now', smsCodes.expiresAt)),
        lt(smsCodes.wrongTries, SMS_MAX_WRONG_TRIES),
      ),
    )
    .returning({ id: smsCodes.id });
});

/**
 * The usual case of consumeSmsCodeIn sent ahead, so it travels with the caller's next statement
 * (an action sends it before its record lock: one round trip less). Answers whether the code was
 * spent; consumeSmsCodeIn(..., spending) then says what is wrong when it was not. Anything
 * written is undone with the caller's transaction if the action is refused first.
 */
export function spendSmsCode(tx: Db, now: Date, phone: string, scene: SmsScene, code: string): Promise<boolean> {
  const spent = spendNewest(tx, { now, phone, scene, codeHash: hashCode(phone, scene, code) }).then((rows) => rows.length === 1);
  // Awaited by consumeSmsCodeIn once the action may run; an action refused before then never looks.
  spent.catch(() => undefined);
  return spent;
}

export async function consumeSmsCodeIn(tx: Db, now: Date, phone: string, scene: SmsScene, code: string, field = 'code', counter?: Db, spending?: Promise<boolean>): Promise<void> {
  // The usual case in one statement (a round trip less on every money action): the newest unused
  // code matches and is valid, and is spent. Anything else finds nothing and takes the path below,
  // which says what is wrong with it. The row is not locked first (no FOR UPDATE): a wrong code
  // must leave it free for the counter's own connection; the UPDATE locks only a row it spends and
  // rechecks `consumed_at is null` after a twin that spent it first commits.
  if (await (spending ?? spendSmsCode(tx, now, phone, scene, code))) return;
  const [row] = await tx
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.scene, scene), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= now.getTime()) throw fieldError({ [field]: 'smsCodeExpired' });
  if (row.wrongTries >= SMS_MAX_WRONG_TRIES) throw fieldError({ [field]: 'smsCodeTooManyTries' });
  if (row.codeHash !== hashCode(phone, scene, code)) {
    if (!counter) throw new WrongSmsCode(row.id, field, row.wrongTries + 1 >= SMS_MAX_WRONG_TRIES);
    const [counted] = await counter
      .update(smsCodes)
      .set({ wrongTries: sql`${smsCodes.wrongTries} + 1` })
      .where(and(eq(smsCodes.id, row.id), lt(smsCodes.wrongTries, SMS_MAX_WRONG_TRIES)))
      .returning({ wrongTries: smsCodes.wrongTries });
    throw counted ? new WrongSmsCode(row.id, field, counted.wrongTries >= SMS_MAX_WRONG_TRIES, true) : fieldError({ [field]: 'smsCodeTooManyTries' });
  }
  // Spent only while unspent and not used up by wrong tries counted meanwhile (this locks the row until the work commits).
  const used = await tx
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.consumedAt), lt(smsCodes.wrongTries, SMS_MAX_WRONG_TRIES)))
    .returning({ id: smsCodes.id });
  if (used.length !== 1) throw fieldError({ [field]: 'smsCodeExpired' });
}

/** Counts the wrong try a WrongSmsCode reported, in its own statement (after the rollback). */
export async function countWrongTry(db: Db, err: WrongSmsCode): Promise<void> {
  if (err.counted) return;
  await db
    .update(smsCodes)
    .set({ wrongTries: sql`${smsCodes.wrongTries} + 1` })
    .where(eq(smsCodes.id, err.codeId));
}

/** Runs `work` and counts a wrong SMS code (or payment password, authenticator code) it met, so a failed request still uses up a try. */
export async function countingWrongTries<T>(db: Db, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof WrongTry) await err.countAfterRollback(db);
    throw err;
  }
}

/** The demo seeder's codes count against no cap once it has seeded (src/server/domains/demo/seed.ts): the demo people start their day with every code. */
export async function uncapCodes(db: Db, phones: string[]): Promise<void> {
  if (phones.length) await db.update(smsCodes).set({ quota: 'none' }).where(inArray(smsCodes.phone, phones));
}

/** The connection that counts a wrong try at once while a transaction is open: PostgreSQL's pool; none on PGlite. */
export const wrongTryCounter = (ctx: Pick<AppContext, 'db' | 'dbKind'>): Db | undefined => (ctx.dbKind === 'postgres' ? ctx.db : undefined);

/**
 * Checks and consumes the newest code sent to phone for scene, outside any transaction: a wrong
 * try is counted at once by one atomic statement (on either database), the right code spent by
 * another. Throws a 400 on `field`.
 */
export async function consumeSmsCode(ctx: AppContext, phone: string, scene: SmsScene, code: string, field = 'code'): Promise<void> {
  await consumeSmsCodeIn(ctx.db, ctx.clock.now(), phone, scene, code, field, ctx.db);
}
