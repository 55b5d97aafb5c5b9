// One scheduler (DESIGN §10): every periodic piece of the server runs from src/server/scheduler.ts
// (a claimed job, the consumers' drain or a node's own task such as the live streams' reads and
// heartbeats), so no server file starts a timer loop of its own.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/server/paths';

const SERVER = path.join(repoRoot, 'src/server');
const SCHEDULER = 'scheduler.ts';

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : e.name.endsWith('.ts') ? [full] : [];
  });

/** `file:line` of every timer loop outside the scheduler. */
export function loopsOutsideTheScheduler(sources: { name: string; text: string }[]): string[] {
  return sources.flatMap(({ name, text }) =>
    name === SCHEDULER ? [] : text.split('\n').flatMap((line, i) => (/\bsetInterval\s*\(/.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('one scheduler for every periodic task of the server', () => {
  const sources = files(SERVER).map((f) => ({ name: path.relative(SERVER, f), text: fs.readFileSync(f, 'utf8') }));

  it('catches a loop (so the check below can fail) and finds the scheduler’s own', () => {
    expect(loopsOutsideTheScheduler([{ name: 'x.ts', text: 'const t = setInterval(() => tick(), 1000);' }])).toEqual(['x.ts:1: const t = setInterval(() => tick(), 1000);']);
    const scheduler = sources.find((s) => s.name === SCHEDULER)!;
    expect(loopsOutsideTheScheduler([{ ...scheduler, name: 'elsewhere.ts' }]).length).toBeGreaterThan(0);
  });

  it('has no setInterval loop in the server outside scheduler.ts', () => {
    expect(loopsOutsideTheScheduler(sources)).toEqual([]);
  });
});
