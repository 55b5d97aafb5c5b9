// No code names a console page by its path: menu.json and the resource files' menu blocks are
// the only places a path is written. The server's links come through recordConsolePath or a
// route key (src/server/resources/consolePaths.ts); the console's through consolePath('<route
// key>') (src/shared/consolePaths.ts), a record's or a resource list's route
// (src/web/refine/reference.ts) or the menu. This scans src/server, src/web and src/shared for a
// quoted string that is a console route's path, or one of its record pages (<path>/show/...,
// <path>/edit/..., <path>/create, <path>?...).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU } from '../../src/shared/menu';
import { recordRoutes } from '../../src/shared/resources/recordPath';
import { repoRoot } from '../../src/server/paths';
import { REPO_DEFINITIONS } from '../support/consolePaths';

const CONSOLE_PATHS = new Set(recordRoutes(MENU, REPO_DEFINITIONS).map((route) => route.path).filter((p) => p !== '/'));

/** `source` without its comments (a comment may quote a path to explain it), lines kept in place. */
const withoutComments = (source: string): string =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|\s)\/\/.*$/gm, '$1');

/** The console paths quoted in `source` outside comments, as `line: path`. */
function consolePathLiterals(source: string): string[] {
  return withoutComments(source).split('\n').flatMap((line, index) =>
    [...line.matchAll(/['"`](\/[A-Za-z][A-Za-z0-9/]*)/g)]
      .map((match) => match[1].replace(/\/(?:show|edit)(?:\/.*)?$/, '').replace(/\/create$/, '').replace(/\/$/, ''))
      .filter((candidate) => CONSOLE_PATHS.has(candidate))
      .map((candidate) => `${index + 1}: ${candidate}`),
  );
}

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe('console paths in the source', () => {
  it('finds a quoted console path, a record page of one, and not an API path', () => {
    expect(consolePathLiterals("const link = `/report/withdrawalList/show/${id}`;")).toEqual(['1: /report/withdrawalList']);
    expect(consolePathLiterals("x('/contract/details?id=' + id)\nopenTodo({ link: '/businessAuthentication' })")).toEqual(['1: /contract/details', '2: /businessAuthentication']);
    expect(consolePathLiterals("app.get('/ops/authentications/:id'); app.get('/user/info'); app.post('/system/message/list')")).toEqual([]);
  });

  it('finds one in JSX and as a resource file\'s route', () => {
    expect(consolePathLiterals('<Link to="/user/login">\nnavigate(`/payment/deposits/create`)')).toEqual(['1: /user/login', '2: /payment/deposits']);
    expect(consolePathLiterals("// opens '/home'\n/** the `/message` page,\n * or '/task' */ go('/accountSafe'); // '/home'")).toEqual(['3: /accountSafe']);
  });

  it.each(['src/server', 'src/web', 'src/shared'])('has none in %s', (dir) => {
    const files = sourceFiles(path.join(repoRoot, dir));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) => consolePathLiterals(fs.readFileSync(file, 'utf8')).map((hit) => `${path.relative(repoRoot, file)}:${hit}`));
    expect(found).toEqual([]);
  });
});
