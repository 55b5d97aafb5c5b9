// DATABASE_URL may name PostgreSQL's Unix-socket directory as libpq does (`?host=/dir`): the
// server then talks to a PostgreSQL on its own machine without TCP (src/server/db/client.ts
// postgresClient). Runs where this run started its own cluster (its socket is known).
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, postgresClient } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/rows';
import { testDbKind } from '../support/server';

const socketUrl = testDbKind === 'postgres' ? inject('pgSocketUrl') : null;

describe.skipIf(!socketUrl)('PostgreSQL through its Unix socket', () => {
  it('connects through the socket directory named as ?host=, not TCP', async () => {
    const client = postgresClient(socketUrl!, { max: 1 });
    try {
      // inet_client_addr() is null for a Unix-socket connection, an address over TCP.
      const [row] = await client`select inet_client_addr() as addr, current_database() as db`;
      expect(row).toEqual({ addr: null, db: 'postgres' });
    } finally {
      await client.end();
    }
  });

  it('opens the product database through it (migrations included)', async () => {
    const admin = postgresClient(inject('pgUrl')!, { max: 1 });
    const name = `lsf_socket_${Date.now()}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(socketUrl!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    try {
      const [row] = await queryRows<{ addr: string | null; tables: number }>(
        database.db,
        sql`select inet_client_addr() as addr, (select count(*)::int from information_schema.tables where table_name = 'resource_records') as tables`,
      );
      expect(row).toEqual({ addr: null, tables: 1 });
    } finally {
      await database.close();
      await admin.unsafe(`drop database ${name} with (force)`);
      await admin.end();
    }
  });
});
