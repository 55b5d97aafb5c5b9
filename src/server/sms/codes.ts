// SMS verification codes: 6 digits from a secure random source, single use, valid 5 minutes,
// at most 5 wrong tries per code, one send per phone per 60 s and 10 per day.
// Every counter is a row in the database, so limits hold across restarts and nodes.
import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
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
import { AppError, fieldError, tooMany } from '../errors';

export const hashCode = (phone: string, scene: string, code: string) =>
  createHash('sha256').update(`${phone}:${scene}:${code}`).digest('hex');

/** Start of the calendar day in China (UTC+8), which is what "10 per day" means to users. */
function startOfChinaDay(now: Date): Date {
  const shifted = now.getTime() + 8 * 3_600_000;
  return new Date(shifted - (shifted % 86_400_000) - 8 * 3_600_000);
}

export async function sendSmsCode(ctx: AppContext, phone: string, scene: SmsScene): Promise<{ retryAfter: number }> {
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
      const wait = Math.ceil((SMS_RESEND_WINDOW_MS - (now.getTime() - last.createdAt.getTime())) / 1000);
      throw tooMany('smsResendTooSoon', { seconds: wait });
    }
    const [{ sent }] = await tx
      .select({ sent: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, startOfChinaDay(now))));
    if (sent >= SMS_DAILY_LIMIT) throw tooMany('smsDailyLimit', { limit: SMS_DAILY_LIMIT });
    await tx.insert(smsCodes).values({
      phone,
      scene,
      codeHash: hashCode(phone, scene, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
    });
    await ctx.sms.send(tx as unknown as typeof ctx.db, { phone, scene, code, sentAt: now });
  });
  return { retryAfter: SMS_RESEND_WINDOW_MS / 1000 };
}

/** A wrong code: the caller's transaction rolls back, so the try is counted afterwards (countWrongTry). */
export class WrongSmsCode extends AppError {
  constructor(
    readonly codeId: string,
    field: string,
    last: boolean,
  ) {
    super(400, 'validation', { [field]: last ? 'smsCodeTooManyTries' : 'smsCodeWrong' });
  }
}

/**
 * Checks and consumes, inside `tx`, the newest code sent to phone for scene; throws a 400 on
 * `field`. Used where the code guards work in the same transaction (signing, money actions):
 * the code is spent only if that work commits. A wrong code throws WrongSmsCode, whose try the
 * caller must count with countWrongTry once the transaction has rolled back.
 */
export async function consumeSmsCodeIn(tx: Db, now: Date, phone: string, scene: SmsScene, code: string, field = 'code'): Promise<void> {
  // The usual case in one statement (a round trip less on every money action): the newest unused
  // code, locked, matches and is valid, and is spent. Anything else finds nothing and takes the
  // path below, which locks the same row and says what is wrong with it.
  const newest = tx
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.scene, scene), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
    .for('update');
  const spent = await tx
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, sql`(${newest})`), eq(smsCodes.codeHash, hashCode(phone, scene, code)), gt(smsCodes.expiresAt, now), lt(smsCodes.wrongTries, SMS_MAX_WRONG_TRIES)))
    .returning({ id: smsCodes.id });
  if (spent.length === 1) return;
  const [row] = await tx
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.scene, scene), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
    .for('update');
  if (!row || row.expiresAt.getTime() <= now.getTime()) throw fieldError({ [field]: 'smsCodeExpired' });
  if (row.wrongTries >= SMS_MAX_WRONG_TRIES) throw fieldError({ [field]: 'smsCodeTooManyTries' });
  if (row.codeHash !== hashCode(phone, scene, code)) throw new WrongSmsCode(row.id, field, row.wrongTries + 1 >= SMS_MAX_WRONG_TRIES);
  const used = await tx
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.consumedAt), lt(smsCodes.wrongTries, SMS_MAX_WRONG_TRIES)))
    .returning({ id: smsCodes.id });
  if (used.length !== 1) throw fieldError({ [field]: 'smsCodeExpired' });
}

/** Counts the wrong try a WrongSmsCode reported, in its own statement (after the rollback). */
export async function countWrongTry(db: Db, err: WrongSmsCode): Promise<void> {
  await db
    .update(smsCodes)
    .set({ wrongTries: sql`${smsCodes.wrongTries} + 1` })
    .where(eq(smsCodes.id, err.codeId));
}

/** Runs `work` and counts a wrong SMS code it met, so a failed request still uses up a try. */
export async function countingWrongTries<T>(db: Db, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof WrongSmsCode) await countWrongTry(db, err);
    throw err;
  }
}

/**
 * Checks and consumes the newest code sent to phone for scene, in its own transaction; a wrong
 * try is counted even though the request then fails. Throws a 400 on `field`.
 */
export async function consumeSmsCode(ctx: AppContext, phone: string, scene: SmsScene, code: string, field = 'code'): Promise<void> {
  const now = ctx.clock.now();
  await countingWrongTries(ctx.db, () => ctx.db.transaction((tx) => consumeSmsCodeIn(tx as unknown as Db, now, phone, scene, code, field)));
}
