// One door (DESIGN §10): the records table and its events are written by the engine's moves
// (src/server/resources/moves.ts, and events.ts for the event statement) and nowhere else in the
// server, whatever the form of the write: a query builder or SQL text.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/server/paths';

const SERVER = path.join(repoRoot, 'src/server');
const DOORS = new Set(['resources/moves.ts', 'resources/events.ts']);

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : e.name.endsWith('.ts') ? [full] : [];
  });

/** Each form a write of the records or their events may take. */
const WRITES = [
  /\.(update|insert|delete)\(\s*(resourceRecords|resourceEvents)\s*\)/,
  /\b(update|delete\s+from|insert\s+into)\s+"?(resource_records|resource_events|rrp_\w+)"?\b/i,
];

/** `file:line` of every write outside the doors. */
export function writesOutsideTheDoor(sources: { name: string; text: string }[]): string[] {
  return sources.flatMap(({ name, text }) =>
    DOORS.has(name) ? [] : text.split('\n').flatMap((line, i) => (WRITES.some((w) => w.test(line)) ? [`${name}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('one door for every record move', () => {
  const sources = files(SERVER).map((f) => ({ name: path.relative(SERVER, f), text: fs.readFileSync(f, 'utf8') }));

  it('finds the server files and the door itself writes', () => {
    expect(sources.length).toBeGreaterThan(100);
    const door = sources.find((s) => s.name === 'resources/moves.ts')!;
    expect(writesOutsideTheDoor([{ ...door, name: 'elsewhere.ts' }]).length).toBeGreaterThan(2);
  });

  it('catches each form of a write (so the check below can fail)', () => {
    const samples = [
      'await tx.update(resourceRecords).set({ state })',
      'await tx.insert(resourceEvents).values(row)',
      'sql`update resource_records r set state = b.state`',
      'sql`insert into resource_events (record_id) select 1`',
      'sql`DELETE FROM resource_records where id = ${id}`',
    ];
    expect(writesOutsideTheDoor(samples.map((text, i) => ({ name: `sample${i}.ts`, text })))).toHaveLength(samples.length);
    expect(writesOutsideTheDoor([{ name: 'read.ts', text: 'tx.select().from(resourceRecords).for("update")' }])).toEqual([]);
  });

  it('no server file outside the engine writes a record or an event', () => {
    expect(writesOutsideTheDoor(sources)).toEqual([]);
  });
});
