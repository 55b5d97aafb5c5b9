// The engine and infrastructure of the server import no domain: domains depend on the engine,
// never the other way round (README "Layout"). Only the composition root (app.ts, main.ts,
// bootstrap.ts) and the domains themselves may import from src/server/domains.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/server/paths';

const SERVER = path.join(repoRoot, 'src/server');
const DOMAINS = path.join(SERVER, 'domains');
const COMPOSITION_ROOT = new Set(['app.ts', 'main.ts', 'bootstrap.ts']);

/** Every .ts file of the server outside src/server/domains and the composition root. */
function engineFiles(dir = SERVER): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === DOMAINS ? [] : engineFiles(full);
    return entry.name.endsWith('.ts') && !(dir === SERVER && COMPOSITION_ROOT.has(entry.name)) ? [full] : [];
  });
}

/** The relative module specifiers a file imports or re-exports (static and dynamic). */
const importsOf = (file: string): string[] =>
  [...fs.readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']*)'/g)].map((m) => m[1]);

describe('engine and infrastructure import no domain', () => {
  it('finds the engine files', () => {
    const names = engineFiles().map((f) => path.relative(SERVER, f));
    expect(names).toEqual(expect.arrayContaining(['resources/routes.ts', 'plugins/auth.ts', 'ledger/transfers.ts', 'domain.ts']));
    expect(names.some((n) => n.startsWith('domains/'))).toBe(false);
  });

  it('no engine file imports from src/server/domains', () => {
    const offending = engineFiles().flatMap((file) =>
      importsOf(file)
        .filter((spec) => {
          const target = path.resolve(path.dirname(file), spec);
          return target === DOMAINS || target.startsWith(DOMAINS + path.sep);
        })
        .map((spec) => `${path.relative(repoRoot, file)} imports '${spec}'`),
    );
    expect(offending).toEqual([]);
  });
});
