// The saved promotion phones, read by the promotion routes and by POST /smscode (scene promotion).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promotionLeads } from '../../db/schema';

/** The field message for a number already left. */
export const PROMOTION_SAVED = 'promotion:errors.saved';

export async function promotionSavedAt(db: Db, phone: string): Promise<Date | null> {
  const [row] = await db.select({ at: promotionLeads.createdAt }).from(promotionLeads).where(eq(promotionLeads.phone, phone));
  return row?.at ?? null;
}
