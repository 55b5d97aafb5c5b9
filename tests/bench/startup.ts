// Benchmark: server start (the bundle `npm start` runs) to healthy on an empty DATA_DIR (first
// start: PGlite initdb + migrations) and on an existing one (restart), and resident memory once
// idle; side by side with a bare Fastify + PGlite process (tests/bench/startup-baseline/server.js,
// PGlite's own settings), the floor of what such a process costs. Prints figures and the
// machine's load (uptime); asserts nothing.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, serverBundle } from '../../scripts/lib/server-build';
import { repoRoot } from '../../scripts/lib/web-build';
import { freePort } from '../support/ports';
import { processCpuMs } from './cpu';

const baselineScript = path.join(repoRoot, 'tests/bench/startup-baseline/server.js');


async function startTimed(script: string, dataDir: string): Promise<{ ms: number; cpu: number; child: ChildProcess; port: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (child.exitCode !== null) throw new Error(`${script} exited`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return { ms: performance.now() - t0, cpu: processCpuMs(child.pid!), child, port };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** First start, then three restarts: the median restart, and RSS after a few requests and 3 s of idle. */
export async function measure(script: string): Promise<{ first: number; restart: number; restartCpu: number; idle: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-bench-'));
  try {
    const first = await startTimed(script, dataDir);
    await stop(first.child);
    const restarts: number[] = [];
    const cpus: number[] = [];
    let idle = 0;
    for (let i = 0; i < 3; i += 1) {
      const again = await startTimed(script, dataDir);
      restarts.push(again.ms);
      cpus.push(again.cpu);
      if (i === 2) {
        for (let k = 0; k < 20; k += 1) await fetch(`http://127.0.0.1:${again.port}/api/health`);
        await new Promise((r) => setTimeout(r, 3000));
        idle = rssMb(again.child.pid!);
      }
      await stop(again.child);
    }
    restarts.sort((a, b) => a - b);
    cpus.sort((a, b) => a - b);
    return { first: first.ms, restart: restarts[1], restartCpu: cpus[1], idle };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchStartup(): Promise<void> {
  await buildServer();
  console.log(`startup: load before: ${uptime()}`);
  const product = await measure(serverBundle);
  const bare = await measure(baselineScript);
  const row = (name: string, m: typeof product) =>
    `${name.padEnd(24)} ${(m.first / 1000).toFixed(2).padStart(6)} s ${(m.restart / 1000).toFixed(2).padStart(8)} s ${(m.restartCpu / 1000).toFixed(2).padStart(8)} s ${m.idle.toFixed(0).padStart(8)} MB`;
  console.log(`startup:                  first start   restart  its CPU   idle RSS   (restart: median of 3, to /api/health answering)`);
  console.log(`startup: ${row('LSF server (bundle)', product)}`);
  console.log(`startup: ${row('bare Fastify + PGlite', bare)}`);
  console.log(`startup: goal: restart <= 1 s and idle RSS <= 300 MB on PGlite`);
  console.log(`startup: load after: ${uptime()}`);
}
