// The server as a process (the bundle npm start runs): PGlite in DATA_DIR, migrations on
// start, the exclusive DATA_DIR lock, graceful shutdown, data kept across restarts, and the
// SPA served with history-mode fallback.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverBundle } from '../../scripts/lib/server-build';
import { testDbKind } from '../support/server';
import { freePort } from '../support/ports';

const root = path.resolve(__dirname, '../..');


interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Proc {
  // The built product as `npm start` runs it: not the test runner's cheap password hashing
  // (vitest.config.ts), which a production start refuses.
  const { PASSWORD_HASH_COST: _testCost, ...inherited } = process.env;
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: { ...inherited, LOG_LEVEL: 'silent', DATABASE_URL: '', NODE_ENV: 'development', ...env },
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

// A bound, not a pause: a first start on an empty DATA_DIR creates and migrates the embedded
// database (37 s measured on a 2-core machine under a load of 20).
async function waitHealthy(port: number, proc: Proc): Promise<void> {
  for (let i = 0; i < 1200; i += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (proc.child.exitCode !== null) throw new Error(`server exited: ${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy: ${proc.output()}`);
}

// One process test run is enough; it does not depend on the database kind under test.
describe.runIf(testDbKind === 'pglite')('server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-data-'));
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>LSF</title><div id="root"></div>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  const procs: Proc[] = [];
  // The same bundle `npm start` runs.
  beforeAll(() => buildServer(), 60_000);
  afterAll(() => {
    for (const p of procs) p.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('starts on an empty DATA_DIR, refuses a second process, stops on SIGTERM and keeps data', async () => {
    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: webDist, ADMIN_PHONE: '13800000001', ADMIN_PASSWORD: 'Admin#2026' };
    const first = startServer(env);
    procs.push(first);
    await waitHealthy(port, first);
    expect(first.output()).toContain(`http://127.0.0.1:${port}`);

    const second = startServer({ ...env, PORT: String(await freePort()) });
    procs.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another LSF server process');

    // SPA: files, hashed assets cached forever, history fallback, API 404 stays JSON.
    const asset = await fetch(`http://127.0.0.1:${port}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const deep = await fetch(`http://127.0.0.1:${port}/user/login?redirect=%2Fhome`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    const api404 = await fetch(`http://127.0.0.1:${port}/api/missing`);
    expect(api404.status).toBe(404);
    expect(await api404.json()).toMatchObject({ code: 404 });

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const again = startServer(env);
    procs.push(again);
    await waitHealthy(port, again);
    // The ops user created on first start is still there (the database persisted).
    const cap = await (await fetch(`http://127.0.0.1:${port}/api/captchaImage`)).json();
    const outbox = await (await fetch(`http://127.0.0.1:${port}/api/dev/outbox`)).json();
    const answer = outbox.data.captcha.find((c: { uuid: string }) => c.uuid === cap.data.uuid).answer;
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '13800000001', password: 'Admin#2026', uuid: cap.data.uuid, captchaCode: answer }),
    });
    expect(login.status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 240_000);

  it('refuses the console SMS provider in production', async () => {
    const proc = startServer({ PORT: String(await freePort()), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-prod-')), NODE_ENV: 'production' });
    procs.push(proc);
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('SMS_PROVIDER=console is for development only');
  });

  it('npm run ledger:check checks a stopped store, and says where to ask while a server holds it', async () => {
    const store = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-check-'));
    const check = (extra: Record<string, string> = {}) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: '', DATA_DIR: store, ...extra } });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('exit', (code) => resolve({ code, out }));
      });
    const sound = await check();
    expect(sound.code, sound.out).toBe(0);
    // The ledger core's checks and the domains' (settlement adds billFamilies: circulating bills).
    expect(sound.out.split('\n').filter((line) => line.startsWith('OK'))).toHaveLength(9);
    expect(sound.out).toContain('billFamilies');
    expect(sound.out).toContain('escrowPerContract');
    expect(sound.out).toContain('dailyMovesMatchLines');
    const { lockDataDir } = await import('../../src/server/db/lock');
    const release = await lockDataDir(store);
    try {
      const held = await check();
      expect(held.code).toBe(2);
      expect(held.out).toContain('GET /api/ops/ledger/check');
    } finally {
      await release();
      fs.rmSync(store, { recursive: true, force: true });
    }
  }, 180_000);
});
