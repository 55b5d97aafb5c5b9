// Server-wide secrets kept in the database, so every node signs and checks the same way.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { serverSecrets } from './db/schema';

export async function serverSecret(db: Db, name: string, now: Date): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: randomBytes(32).toString('base64url'), createdAt: now }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row.value;
}

/** The secret `name` if some node has made it; never writes (what checking a signature needs: no secret, nothing was signed). */
export async function existingServerSecret(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value;
}
