// Two nodes, one system (issue 20): two real server processes, the bundle `npm start` runs
// (scripts/lib/server-build.ts), on one PostgreSQL database (a fresh one on the run's cluster,
// tests/support/pg-cluster.ts) and one shared storage directory, and a client that sends each
// request to a node picked at random. Each process runs with TEST_CLOCK=1, so a test moves both
// clocks by the same amount (POST /api/dev/clock), and runs a job's task now on a node with
// POST /api/dev/tasks/:name. `db` is a connection of the test's own, for set-up only.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { Envelope } from '../../src/shared/api';
import { openDatabase, type Database } from '../../src/server/db/client';
import { buildServer, serverBundle } from '../../scripts/lib/server-build';
import { freePort } from './ports';

const root = path.resolve(__dirname, '../..');

export interface NodeProc {
  index: number;
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export interface Answer<T = unknown> {
  status: number;
  /** The body as sent, for byte-for-byte comparisons. */
  text: string;
  body: Envelope<T>;
  headers: Headers;
  /** Which node answered. */
  node: number;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** A multipart or other raw body (with its own content-type header). */
  raw?: BodyInit;
  /** Send to this node instead of a random one. */
  node?: number;
}

export interface TwoNodes {
  nodes: NodeProc[];
  db: Database['db'];
  /** Nodes still running (not killed). */
  alive(): NodeProc[];
  call<T = unknown>(method: string, path: string, opts?: CallOptions): Promise<Answer<T>>;
  /** Moves the clock of every running node forward by ms. */
  advance(ms: number): Promise<void>;
  kill(index: number): Promise<void>;
  close(): Promise<void>;
}

function spawnNode(index: number, env: Record<string, string>): NodeProc {
  // The built product as `npm start` runs it (with the runner's cheap password cost: a brute
  // force hashes many passwords, and the cost is not what these tests are about).
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'development', TEST_CLOCK: '1', ...env },
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { index, baseUrl: `http://127.0.0.1:${env.PORT}`, child, output: () => out, exited };
}

async function waitHealthy(node: NodeProc): Promise<void> {
  for (let i = 0; i < 1200; i += 1) {
    try {
      if ((await fetch(`${node.baseUrl}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (node.child.exitCode !== null) throw new Error(`node ${node.index} exited: ${node.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`node ${node.index} not healthy: ${node.output()}`);
}

/** The application_name of the nodes' PostgreSQL sessions: `lsf-node-0`, `lsf-node-1`. */
export const NODE_APP_NAME = 'lsf-node';

/**
 * Starts two nodes on a fresh database of the PostgreSQL at adminUrl; `env` goes to both.
 * `together`: both processes at the same moment (a rollout's replicas), not one after the other.
 */
export async function startTwoNodes(adminUrl: string, env: Record<string, string> = {}, opts: { together?: boolean } = {}): Promise<TwoNodes> {
  await buildServer();
  const name = `lsf_nodes_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // One DATA_DIR for both: with DATABASE_URL nothing locks it, and uploads live in it.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-nodes-'));
  const common = { DATABASE_URL: url.toString(), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: '', ...env };
  // By default the first node migrates an empty database and the second then starts on a
  // migrated one, as a rolling start does; `together` starts both at once (db/startLock.ts).
  const nodes: NodeProc[] = [];
  for (const index of [0, 1]) {
    // Named in pg_stat_activity, so a test can end the nodes' backends and no one else's.
    const node = spawnNode(index, { ...common, PORT: String(await freePort()), PGAPPNAME: `${NODE_APP_NAME}-${index}` });
    nodes.push(node);
    if (!opts.together) await waitHealthy(node);
  }
  if (opts.together) await Promise.all(nodes.map(waitHealthy));
  const database = await openDatabase({ url: url.toString(), maxConnections: 5 });
  const killed = new Set<number>();
  const alive = () => nodes.filter((n) => !killed.has(n.index));

  async function call<T>(method: string, p: string, opts: CallOptions = {}): Promise<Answer<T>> {
    const pool = alive();
    const node = opts.node !== undefined ? nodes[opts.node] : pool[Math.floor(Math.random() * pool.length)];
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = opts.token;
    let body: BodyInit | undefined = opts.raw;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(node.baseUrl + p, { method, headers, body });
    const text = await res.text();
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(text) as Envelope<T>;
    } catch {
      parsed = { code: res.status, msg: text.slice(0, 200) } as Envelope<T>;
    }
    return { status: res.status, text, body: parsed, headers: res.headers, node: node.index };
  }

  return {
    nodes,
    db: database.db,
    alive,
    call,
    async advance(ms) {
      for (const n of alive()) {
        const res = await call('POST', '/api/dev/clock', { node: n.index, body: { advanceMs: ms } });
        if (res.status !== 200) throw new Error(`clock of node ${n.index}: ${res.status} ${res.text}`);
      }
    },
    async kill(index) {
      killed.add(index);
      nodes[index].child.kill('SIGKILL');
      await nodes[index].exited;
    },
    async close() {
      await Promise.all(
        nodes.map(async (n) => {
          if (n.child.exitCode !== null || n.child.signalCode !== null) return;
          n.child.kill('SIGTERM');
          await n.exited;
        }),
      );
      await database.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
