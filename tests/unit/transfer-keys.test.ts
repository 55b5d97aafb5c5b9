// A payment's transfers are found by their batch id (ledger_transfers.batch_id, migration 0025),
// never by a pattern over their keys: a key makes one business step happen once, it is not an
// index to search. This fails on any LIKE (or ILIKE, SIMILAR TO, starts_with) over a transfer's
// key in the server, whatever the form: a query builder or SQL text.
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

/** The query builder's pattern operators on the transfers' key column. */
const BUILDER = /\b(like|ilike|notLike|notIlike)\(\s*ledgerTransfers\.key\b/;
/** SQL text matching a `key` column by a pattern; asked only of files that read the transfers (other tables have keys too). */
const TEXT = [/\bkey"?\s+(not\s+)?(i?like|similar\s+to)\b/i, /\bstarts_with\(\s*("?\w+"?\.)?"?key"?\s*,/i, /\$\{ledgerTransfers\.key\}\s+(not\s+)?(i?like|similar\s+to)\b/i];
const READS_TRANSFERS = /ledger_transfers|ledgerTransfers/;

/** `file:line` of every pattern match over a transfer key. */
export function keyPatterns(sources: { name: string; text: string }[]): string[] {
  return sources.flatMap(({ name, text }) => {
    const forms = READS_TRANSFERS.test(text) ? [BUILDER, ...TEXT] : [BUILDER];
    return text.split('\n').flatMap((line, i) => (forms.some((f) => f.test(line)) ? [`${name}:${i + 1}: ${line.trim()}`] : []));
  });
}

describe('transfers are found by id, not by a pattern over their keys', () => {
  const sources = files(SERVER).map((f) => ({ name: path.relative(SERVER, f), text: fs.readFileSync(f, 'utf8') }));

  it('reads the server files', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.some((s) => s.name === 'ledger/transfers.ts')).toBe(true);
  });

  it('catches each form of a pattern over a key (so the check below can fail)', () => {
    const samples = [
      '.where(like(ledgerTransfers.key, `${prefix}%`))',
      'or(ilike(ledgerTransfers.key, `billPayment:${id}.%`), x)',
      'sql`select id from ledger_transfers where key like ${prefix}`',
      'sql`select id from ledger_transfers t where t."key" ILIKE ${p}`',
      'sql`select 1 from ledger_transfers where starts_with(key, ${p})`',
      'sql`${ledgerTransfers.key} like ${p}` // ledgerTransfers',
      'sql`select 1 from ledger_transfers where key similar to ${p}`',
    ];
    expect(keyPatterns(samples.map((text, i) => ({ name: `sample${i}.ts`, text })))).toHaveLength(samples.length);
    // Not a key: a pattern over an account id, an exact key, another table's key.
    expect(keyPatterns([{ name: 'ok.ts', text: "sql`select 1 from ledger_transfers t where t.debit_account_id like '%:wallet' and key = ${k}`" }])).toEqual([]);
    expect(keyPatterns([{ name: 'other.ts', text: 'sql`delete from idempotency_keys where key like ${p}`' }])).toEqual([]);
  });

  it('no server file matches a transfer key by a pattern', () => {
    expect(keyPatterns(sources)).toEqual([]);
  });
});
