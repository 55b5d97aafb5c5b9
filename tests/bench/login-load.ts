// Benchmark: cold load of the login route against a minimal Vite + React + antd login page
// (tests/bench/login-baseline), side by side in the same run (issue 10 goal: ratio <= 1.1).
// Both are production builds with precompressed assets, served over HTTP on this machine; each
// load is a fresh browser context (empty cache). The time is taken inside the page: from
// navigation start to the first moment a password input is in the DOM and laid out.
// ROUNDS x LOADS loads per page, the two pages alternating so machine noise hits both alike.
// Prints medians, the ratio, and how many scripts and round-trip waves each page needed.
// Prints figures; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import { configFromEnv } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { consoleSmsProvider } from '../../src/server/sms/provider';
import { precompressDir } from '../../scripts/lib/precompress';
import { buildWeb, repoRoot } from '../../scripts/lib/web-build';
import { findChromium } from '../support/e2e-global';

const ROUNDS = Number(process.env.LOGIN_ROUNDS ?? 3);
const LOADS = Number(process.env.LOGIN_LOADS ?? 7);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// A string, not a function: tsx's keepNames helper would not exist inside the page.
const WATCH_PASSWORD = `(() => {
  const seen = () => {
    const input = document.querySelector('input[type=password]');
    if (input && input.getBoundingClientRect().width > 0) {
      window.__passwordAt = performance.now();
      return true;
    }
    return false;
  };
  const check = () => { if (!seen()) requestAnimationFrame(check); };
  requestAnimationFrame(check);
})()`;

async function buildBaseline(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-login-baseline-'));
  const { build } = await import('vite');
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false,
      root: path.join(repoRoot, 'tests/bench/login-baseline'),
      plugins: [react()],
      logLevel: 'warn',
      mode: 'production',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = previous;
  }
  precompressDir(outDir);
  return outDir;
}

interface Load {
  ms: number;
  scripts: number;
  waves: number;
}

/** One cold load: ms to the password field, scripts fetched, and dependent request waves. */
async function coldLoad(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  try {
    await context.addInitScript(WATCH_PASSWORD);
    const page = await context.newPage();
    const starts: { url: string; start: number; end: number }[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      const timing = request.timing();
      starts.push({ url: request.url(), start: timing.startTime, end: timing.startTime + timing.responseEnd });
    });
    await page.goto(url);
    await page.waitForFunction('window.__passwordAt !== undefined', undefined, { timeout: 60_000 });
    const ms = (await page.evaluate('window.__passwordAt')) as number;
    // A wave: scripts that could only be requested after an earlier one had arrived.
    const sorted = [...starts].sort((a, b) => a.start - b.start);
    let waves = 0;
    let waveEnd = -Infinity;
    for (const script of sorted) {
      if (script.start >= waveEnd) {
        waves += 1;
        waveEnd = script.end;
      } else waveEnd = Math.max(waveEnd, script.end);
    }
    return { ms, scripts: starts.length, waves };
  } finally {
    await context.close();
  }
}

export async function benchLoginLoad(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('login load: no Chromium (apt package chromium or CHROME_PATH); skipped');
    return;
  }
  await buildWeb('main', { quiet: true });
  const baselineDir = await buildBaseline();
  const database = await openDatabase({});
  const { app } = await buildApp({ config: { ...configFromEnv({}), webDist: path.join(repoRoot, 'dist/web/main') }, database, sms: consoleSmsProvider(() => {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseline = Fastify();
  await baseline.register(fastifyStatic, { root: baselineDir, preCompressed: true });
  await baseline.listen({ port: 0, host: '127.0.0.1' });
  const port = (server: { address: () => unknown }) => (server.address() as { port: number }).port;
  const pages = {
    console: `http://127.0.0.1:${port(app.server)}/user/login`,
    baseline: `http://127.0.0.1:${port(baseline.server)}/`,
  };
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    // Warm the OS file cache and the browser binary once; not counted.
    for (const url of Object.values(pages)) await coldLoad(browser, url);
    const results: Record<keyof typeof pages, Load[]> = { console: [], baseline: [] };
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const inRound: Record<keyof typeof pages, number[]> = { console: [], baseline: [] };
      for (let i = 0; i < LOADS; i += 1) {
        for (const name of Object.keys(pages) as (keyof typeof pages)[]) {
          const load = await coldLoad(browser, pages[name]);
          results[name].push(load);
          inRound[name].push(load.ms);
        }
      }
      const ratio = median(inRound.console) / median(inRound.baseline);
      ratios.push(ratio);
      console.log(
        `login load round ${round + 1}: console ${median(inRound.console).toFixed(0)} ms, baseline ${median(inRound.baseline).toFixed(0)} ms, ratio ${ratio.toFixed(2)}`,
      );
    }
    for (const name of Object.keys(pages) as (keyof typeof pages)[]) {
      const loads = results[name];
      console.log(
        `login load ${name}: password field after ${median(loads.map((l) => l.ms)).toFixed(0)} ms median over ${loads.length} cold loads; ${median(loads.map((l) => l.scripts))} scripts in ${median(loads.map((l) => l.waves))} waves`,
      );
    }
    console.log(`login load ratio console/baseline: ${median(ratios).toFixed(2)} (median of ${ROUNDS} rounds; goal <= 1.10)`);
  } finally {
    await browser.close();
    await baseline.close();
    await app.close();
    await database.close();
    fs.rmSync(baselineDir, { recursive: true, force: true });
  }
}
