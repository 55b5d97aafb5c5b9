// A registry in the context, not a global (issue 27): what the domains contribute (handlers,
// derived fields, list sources, totals tables, documents, listeners) is compiled once at start
// into the resources they serve (src/server/resources/registry.ts) and reaches the engine through
// the compiled resource it is handed. No server file reads a process-wide table of contributions
// or installs one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/server/paths';

const SERVER = path.join(repoRoot, 'src/server');

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : e.name.endsWith('.ts') ? [full] : [];
  });

/** A read of the global (`contributions()`), or its setter. */
const GLOBAL = [/\bcontributions\s*\(/, /\binstallDomains\b/];

/** `file:line` of every use of the global. */
export function globalReads(sources: { name: string; text: string }[]): string[] {
  return sources.flatMap(({ name, text }) => text.split('\n').flatMap((line, i) => (GLOBAL.some((g) => g.test(line)) ? [`${name}:${i + 1}: ${line.trim()}`] : [])));
}

describe('the registry reaches the engine through the context', () => {
  const sources = files(SERVER).map((f) => ({ name: path.relative(SERVER, f), text: fs.readFileSync(f, 'utf8') }));

  it('catches each form of the global (so the check below can fail)', () => {
    const samples = ['const fn = contributions().compute.get(name);', 'contributions ().sources', 'loadResources(root, installDomains(domains))'];
    expect(globalReads(samples.map((text, i) => ({ name: `sample${i}.ts`, text })))).toHaveLength(samples.length);
    // The pure function that compiles a list of domains is not the global.
    expect(globalReads([{ name: 'app.ts', text: 'loadResources(root, contributionsOf(domains))' }])).toEqual([]);
  });

  it('no server file reads or installs a process-wide table of contributions', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(globalReads(sources)).toEqual([]);
  });
});
