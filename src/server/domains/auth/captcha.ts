// Image captcha for password sign-in, drawn by svg-captcha. Single use, valid 5 minutes,
// kept in the database so any node can check it.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CAPTCHA_TTL_MS } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema';
import { isUuid } from '../../validate';

export async function createCaptcha(db: Db, now: Date): Promise<{ uuid: string; img: string }> {
  // Loaded on the first captcha, not at start (it parses its font when imported: docs/decisions.md "Memory and start").
  const svgCaptcha = (await import('svg-captcha')).default;
  // Characters that look alike (0/o, 1/l/i) are left out so a person can read every code.
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', color: true, background: '#f4f6fb' });
  const [row] = await db
    .insert(captchas)
    .values({ answer: text.toLowerCase(), createdAt: now, expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) })
    .returning({ uuid: captchas.uuid });
  // Expired captchas are useless; sweep a bounded batch on each issue instead of a timer.
  await db.execute(
    sql`delete from ${captchas} where ${captchas.uuid} in (select ${captchas.uuid} from ${captchas} where ${captchas.expiresAt} < ${new Date(now.getTime() - CAPTCHA_TTL_MS).toISOString()}::timestamptz limit 100)`,
  );
  return { uuid: row.uuid, img: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}


/** True when the answer matches (case-insensitive). Either way the captcha is spent. */
export async function checkCaptcha(db: Db, uuid: string, answer: string, now: Date): Promise<boolean> {
  if (!isUuid(uuid)) return false;
  const [row] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.uuid, uuid), isNull(captchas.usedAt)))
    .returning();
  if (!row || row.expiresAt.getTime() <= now.getTime()) return false;
  return row.answer === answer.trim().toLowerCase();
}

