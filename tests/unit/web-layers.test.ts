// The console's generic resource pages (src/web/resources) import nothing from the domain pages
// (src/web/pages): what a domain adds to them goes through the slots (src/web/resources/slots.tsx).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENGINE = path.join(ROOT, 'src/web/resources');
const PAGES = path.join(ROOT, 'src/web/pages');

/** Every module a file names: static imports and re-exports, side-effect imports, import() calls. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(SPECIFIER)].map((match) => match[1]);
}

describe('web layers', () => {
  it('finds the imports it scans for', () => {
    // The scanner itself: a slot-less engine would otherwise pass by finding nothing.
    expect(importsOf(path.join(ENGINE, 'ResourceShow.tsx'))).toContain('./slots');
    expect(importsOf(path.join(ROOT, 'src/web/pages/slots.tsx'))).toContain('./receipts/RecordReceipts');
  });

  it('keeps the generic resource pages free of imports from the domain pages', () => {
    const offending = sourceFiles(ENGINE).flatMap((file) =>
      importsOf(file)
        .filter((specifier) => specifier.startsWith('.'))
        .filter((specifier) => {
          const target = path.resolve(path.dirname(file), specifier);
          return target === PAGES || target.startsWith(`${PAGES}${path.sep}`);
        })
        .map((specifier) => `${path.relative(ROOT, file)} imports ${specifier}`),
    );
    expect(offending).toEqual([]);
  });
});
