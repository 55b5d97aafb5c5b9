// The console's pages name what they ask the server for, never where: the endpoints that are not
// resources are named methods of src/web/system/<domain>.ts (useWallet, useSettlementCalls().payBills,
// ...), over refine's `system` provider (src/web/refine/systemData.ts). A page holds no API path
// and reaches no lower way of sending one (useSystemQuery, useSystemCall, refine's useCustom).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGES = path.join(ROOT, 'src/web/pages');
const SYSTEM = path.join(ROOT, 'src/web/system');

/** A way to send a request to a path of one's choosing. */
const LOW_LEVEL = /\b(useSystemQuery|useSystemCall|useSystemCache|useCustom|useCustomMutation)\b/g;
/** A quoted string naming a path under /api, or any quoted absolute path: a page names neither an endpoint nor a console page (consolePath, resourceListPath). */
const API_PATH = /['"`][^'"`\n]*\/api\/[^'"`\n]*['"`]|['"`]\/[A-Za-z][^'"`\s]*/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** What in `source` sends to a path or names an API path, as `line: text`. */
function offences(source: string): string[] {
  return source.split('\n').flatMap((line, index) => [...line.matchAll(LOW_LEVEL), ...line.matchAll(API_PATH)].map((match) => `${index + 1}: ${match[0]}`));
}

describe('the system provider by named methods', () => {
  it('finds a low-level call and an API path', () => {
    expect(offences("const x = useSystemQuery<W>('/funds/wallet');\nfetch('https://h/api/funds/wallet')")).toEqual(['1: useSystemQuery', "1: '/funds/wallet", "2: 'https://h/api/funds/wallet'"]);
    expect(offences("const wallet = useWallet();\nconst { payBills } = useSettlementCalls();")).toEqual([]);
    // The named methods themselves are where the calls are.
    expect(sourceFiles(SYSTEM).flatMap((file) => offences(fs.readFileSync(file, 'utf8'))).length).toBeGreaterThan(20);
  });

  it('keeps every API path and low-level call out of src/web/pages', () => {
    const files = sourceFiles(PAGES);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => offences(fs.readFileSync(file, 'utf8')).map((hit) => `${path.relative(ROOT, file)}:${hit}`));
    expect(found).toEqual([]);
  });
});
