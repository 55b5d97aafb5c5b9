// Builds the console for a variant when its sources are newer than its build, so `npm start`
// and the browser tests always serve what the tree says, without rebuilding needlessly.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressDir } from './precompress';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCES = ['src/web', 'src/shared', 'schemas', 'variants', 'vite.config.ts', 'package-lock.json'];

export function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export const webDistFor = (variant: string) => path.join(repoRoot, 'dist/web', variant);

export function isWebStale(variant: string): boolean {
  const index = path.join(webDistFor(variant), 'index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(repoRoot, s)) > built);
}

export async function buildWeb(variant: string, opts: { force?: boolean; quiet?: boolean } = {}): Promise<boolean> {
  if (!opts.force && !isWebStale(variant)) return false;
  const { build } = await import('vite');
  const previous = { VARIANT: process.env.VARIANT, NODE_ENV: process.env.NODE_ENV };
  process.env.VARIANT = variant;
  // Always a production build, even from a test run (vitest sets NODE_ENV=test, which would
  // give React's development build, and `npm start` would then serve it).
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(repoRoot, 'vite.config.ts'), mode: 'production', logLevel: opts.quiet ? 'warn' : 'info' });
    precompressDir(webDistFor(variant));
  } finally {
    for (const [k, v] of Object.entries(previous)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  return true;
}
