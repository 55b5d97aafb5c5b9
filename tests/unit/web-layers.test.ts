// The console's folders are in layers (README "Layout", the web console): the platform at the
// bottom, then the engine, then the frame and the pages, then the composition root. A folder
// imports from its own layer or the ones below, never from one above, and no two folders import
// each other (whichever way one layer's folders depend on each other, it is one way). The
// generic resource pages (src/web/resources) import no domain page: what a domain adds to them
// goes through the slots (src/web/resources/slots.tsx).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB = path.join(ROOT, 'src/web');
const ENGINE = path.join(WEB, 'resources');
const PAGES = path.join(WEB, 'pages');

/** Bottom first. Every top-level folder of src/web is in one; the files at its top (App.tsx, main.tsx) are the composition root. */
const LAYERS: Record<string, readonly string[]> = {
  platform: ['styles', 'theme', 'i18n', 'variant', 'providers', 'navigation', 'hooks', 'forms', 'components', 'charts', 'handoff'],
  engine: ['session', 'refine', 'live', 'schema-ui', 'resources', 'system'],
  'frame and pages': ['layouts', 'shell', 'palette', 'pages'],
  'composition root': ['routing', '.'],
};
const LAYER_ORDER = Object.keys(LAYERS);
const layerOf = (folder: string): number => LAYER_ORDER.findIndex((layer) => LAYERS[layer].includes(folder));

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

/** The top-level folder of src/web a path is in ('.' for a file at its top), or undefined outside src/web. */
function folderOf(file: string): string | undefined {
  const relative = path.relative(WEB, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  // '../variant' names the folder (its index.ts); App.tsx or './App' is a file at the top.
  const isFolder = rest.length > 0 || fs.statSync(path.join(WEB, first), { throwIfNoEntry: false })?.isDirectory() === true;
  return isFolder ? first : '.';
}

interface FolderImport {
  from: string;
  to: string;
  /** file: specifier, for the message. */
  where: string;
}

/** Every import of one top-level folder of src/web from another, in `files`. */
function folderImports(files: string[]): FolderImport[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((specifier) => specifier.startsWith('.'))
      .flatMap((specifier) => {
        const from = folderOf(file);
        const to = folderOf(path.resolve(path.dirname(file), specifier));
        if (from === undefined || to === undefined || from === to) return [];
        return [{ from, to, where: `${path.relative(ROOT, file)} imports ${specifier}` }];
      }),
  );
}

/** The imports that go up a layer, as messages. */
const upward = (imports: FolderImport[]): string[] =>
  imports.filter(({ from, to }) => layerOf(to) > layerOf(from)).map(({ from, to, where }) => `${where} (${from}: ${LAYER_ORDER[layerOf(from)]}, ${to}: ${LAYER_ORDER[layerOf(to)]})`);

/** The pairs of folders that import each other, as 'a <-> b' (a before b). */
function mutualPairs(imports: FolderImport[]): string[] {
  const edges = new Set(imports.map(({ from, to }) => `${from}>${to}`));
  return [...edges].flatMap((edge) => {
    const [from, to] = edge.split('>');
    return from < to && edges.has(`${to}>${from}`) ? [`${from} <-> ${to}`] : [];
  });
}

describe('web layers', () => {
  const files = sourceFiles(WEB);
  const imports = folderImports(files);

  it('finds the imports it scans for', () => {
    // The scanner itself: a slot-less engine, or a scan that finds nothing, would otherwise pass.
    expect(importsOf(path.join(ENGINE, 'ResourceShow.tsx'))).toContain('./slots');
    expect(importsOf(path.join(ROOT, 'src/web/pages/slots.tsx'))).toContain('./receipts/RecordReceipts');
    expect(imports).toContainEqual(expect.objectContaining({ from: 'routing', to: 'shell' })); // a dynamic import()
    expect(imports).toContainEqual(expect.objectContaining({ from: '.', to: 'routing' })); // App.tsx
  });

  it('finds an upward import and a pair of folders importing each other', () => {
    const made = (from: string, to: string): FolderImport => ({ from, to, where: `${from} -> ${to}` });
    expect(upward([made('components', 'session'), made('session', 'components'), made('shell', 'routing')])).toEqual([
      'components -> session (components: platform, session: engine)',
      'shell -> routing (shell: frame and pages, routing: composition root)',
    ]);
    expect(mutualPairs([made('refine', 'resources'), made('resources', 'refine'), made('pages', 'shell')])).toEqual(['refine <-> resources']);
  });

  it('gives every folder of src/web a layer', () => {
    const folders = fs
      .readdirSync(WEB, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => layerOf(folder) < 0)).toEqual([]);
  });

  it('has no import from a layer above', () => {
    expect(upward(imports)).toEqual([]);
  });

  it('has no two folders importing each other', () => {
    expect(mutualPairs(imports)).toEqual([]);
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
