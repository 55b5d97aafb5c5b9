// The cheap "every migration applied?" check a PGlite restart makes before drizzle's migrate()
// (src/server/db/migrate.ts): false on a new store and whenever the journal has an entry newer
// than the newest applied row, true once migrate() has run.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { migrationsUpToDate } from '../../src/server/db/migrate';
import { migrationsFolder } from '../../src/server/paths';
import { testDbKind } from '../support/server';

describe.runIf(testDbKind === 'pglite')('migrations check', () => {
  const client = new PGlite();
  const db = drizzle(client) as unknown as Db;
  afterAll(() => client.close());

  it('is false on a new store, true after migrate, false when the newest entry is not applied', async () => {
    expect(await migrationsUpToDate(db, migrationsFolder)).toBe(false);
    await migrate(drizzle(client), { migrationsFolder });
    expect(await migrationsUpToDate(db, migrationsFolder)).toBe(true);
    // As a store from before the newest migration: its row is not there yet.
    await db.execute(sql`update "drizzle"."__drizzle_migrations" set created_at = created_at - 1 where created_at = (select max(created_at) from "drizzle"."__drizzle_migrations")`);
    expect(await migrationsUpToDate(db, migrationsFolder)).toBe(false);
    await db.execute(sql`delete from "drizzle"."__drizzle_migrations"`);
    expect(await migrationsUpToDate(db, migrationsFolder)).toBe(false);
  });
});
