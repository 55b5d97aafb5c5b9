// One start at a time on a shared PostgreSQL. Nodes of one deployment often start together (a
// rollout, replicas scaled up), and a start writes: the migrations, the partitions and indexes
// the resource files declare (resources/partitions.ts, indexes.ts), the ops user of ADMIN_PHONE.
// Two at once raced on an empty database (both migrating it, both creating the same tables).
// A start holds an advisory lock on a connection of its own until its apps are built, so the
// second node waits and then finds everything made. A node that dies mid-start drops its
// connection and with it the lock. PGlite needs none: DATA_DIR's lock keeps it to one process.
import { postgresClient } from './client';

/** Waits for the start lock of the database at `url` (none without one); answers its release. */
export async function holdStartLock(url: string | undefined): Promise<() => Promise<void>> {
  if (!url) return async () => {};
  const client = postgresClient(url, { max: 1, connection: { application_name: 'lsf-start' } });
  await client`select pg_advisory_lock(hashtextextended('lsf:start', 0))`;
  return async () => {
    await client`select pg_advisory_unlock(hashtextextended('lsf:start', 0))`.catch(() => undefined);
    await client.end({ timeout: 5 });
  };
}
