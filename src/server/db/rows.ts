// The rows of a raw SQL statement: postgres-js answers an array, PGlite an object with `rows`.
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown;
  return (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as T[];
}
