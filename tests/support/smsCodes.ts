// An SMS code as if it had been sent and read: the row the SMS module writes, with the same hash,
// so a test's money step can confirm without sending (a phone is sent ten codes a day).
import type { Db } from '../../src/server/db/client';
import { smsCodes } from '../../src/server/db/schema';
import { hashCode } from '../../src/server/sms/codes';
import { SMS_CODE_TTL_MS } from '../../src/shared/constants';

const DAY_MS = 86_400_000;
let seq = 0;

/**
 * A verify code for `phone`; the user's next confirmed step spends it (the newest unspent one).
 * Dated a day back, it counts against no day's ten sends; each code is a millisecond newer than
 * the last, since a test clock stands still and "newest" must stay well defined.
 */
export async function storedCode(db: Db, now: Date, phone: string): Promise<string> {
  const value = String(100_000 + Math.floor(Math.random() * 900_000));
  await db.insert(smsCodes).values({
    phone,
    scene: 'verify',
    codeHash: hashCode(phone, 'verify', value),
    createdAt: new Date(now.getTime() - DAY_MS + (seq += 1)),
    expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
  });
  return value;
}
