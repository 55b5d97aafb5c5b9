// A PostgreSQL for the test run: DATABASE_URL / TEST_DATABASE_URL when given, else a throwaway
// cluster started from the machine's PostgreSQL binaries (apt package `postgresql`).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPgBin } from './pg-bin';
import { freePort } from './ports';

export { findPgBin };

export interface PgHandle {
  url: string;
  /** The same server through its Unix socket (libpq's `?host=<dir>`), when this run started it. */
  socketUrl?: string;
  stop(): void;
}

/**
 * Starts a cluster in a temp dir; PostgreSQL refuses to run as root, so root runs it as `postgres`.
 * `settings` are extra server settings (`name=value`), e.g. a bench's statement statistics.
 */
export async function startPg(settings: string[] = []): Promise<PgHandle | null> {
  const given = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (given) return { url: given, stop: () => {} };
  const bin = findPgBin();
  if (!bin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    execFileSync(full[0] as string, full[1] as string[], { stdio: 'pipe' });
  };
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  fs.chmodSync(dir, 0o700);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -h 127.0.0.1 -F -c max_connections=200${settings.map((s) => ` -c ${s}`).join('')}`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    socketUrl: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    stop: () => {
      const args = ['-D', data, '-m', 'immediate', 'stop'];
      if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args]);
      else spawnSync(path.join(bin, 'pg_ctl'), args);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `fn` on a fresh database of a PostgreSQL for this run (startPg), dropped afterwards:
 * what each benchmark needs. False, without running it, when no PostgreSQL is available.
 */
export async function withPgDatabase(prefix: string, fn: (url: string) => Promise<void>): Promise<boolean> {
  const pg = await startPg();
  if (!pg) return false;
  try {
    const postgres = (await import('postgres')).default;
    const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    const name = `${prefix}_${Date.now()}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(pg.url);
    url.pathname = `/${name}`;
    try {
      await fn(url.toString());
    } finally {
      await admin.unsafe(`drop database ${name} with (force)`);
      await admin.end();
    }
  } finally {
    pg.stop();
  }
  return true;
}
