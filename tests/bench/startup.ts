// Benchmark: server start (the bundle `npm start` runs) to healthy on an empty DATA_DIR (first start: PGlite initdb +
// migrations) and on an existing one (restart), and resident memory once idle.
// Prints figures; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, serverBundle } from '../../scripts/lib/server-build';
import { repoRoot } from '../../scripts/lib/web-build';
import { freePort } from '../support/ports';


async function startTimed(dataDir: string): Promise<{ ms: number; child: ChildProcess; port: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [serverBundle], {
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
    if (child.exitCode !== null) throw new Error('server exited');
    await new Promise((r) => setTimeout(r, 20));
  }
  return { ms: performance.now() - t0, child, port };
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

export async function benchStartup(): Promise<void> {
  await buildServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-bench-'));
  try {
    const first = await startTimed(dataDir);
    await stop(first.child);
    const restarts: number[] = [];
    let idle = 0;
    for (let i = 0; i < 3; i += 1) {
      const again = await startTimed(dataDir);
      restarts.push(again.ms);
      if (i === 2) {
        // Idle: a few requests, then let it settle.
        for (let k = 0; k < 20; k += 1) await fetch(`http://127.0.0.1:${again.port}/api/health`);
        await new Promise((r) => setTimeout(r, 2000));
        idle = rssMb(again.child.pid!);
      }
      await stop(again.child);
    }
    restarts.sort((a, b) => a - b);
    console.log(`startup: first start on empty DATA_DIR to healthy ${(first.ms / 1000).toFixed(2)} s`);
    console.log(`startup: restart on existing DATA_DIR to healthy, median of 3 ${(restarts[1] / 1000).toFixed(2)} s (goal <= 2 s)`);
    console.log(`startup: idle RSS ${idle.toFixed(0)} MB (goal <= 400 MB)`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
