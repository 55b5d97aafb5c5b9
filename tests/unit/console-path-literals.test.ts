// The server names no console page by its path: every link it stores or answers comes from
// menu.json through recordConsolePath or a route key (src/server/resources/consolePaths.ts).
// This scans the server's source for a quoted string that is a console route's path, or one of
// its record pages (<path>/show/..., <path>/edit/..., <path>/create, <path>?...).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU } from '../../src/shared/menu';
import { recordRoutes } from '../../src/shared/resources/recordPath';
import { repoRoot } from '../../src/server/paths';
import { REPO_DEFINITIONS } from '../support/consolePaths';

const CONSOLE_PATHS = new Set(recordRoutes(MENU, REPO_DEFINITIONS).map((route) => route.path).filter((p) => p !== '/'));

/** The console paths quoted in `source`, as `line: path`. */
function consolePathLiterals(source: string): string[] {
  return source.split('\n').flatMap((line, index) =>
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

describe('console paths in src/server', () => {
  it('finds a quoted console path, a record page of one, and not an API path', () => {
    expect(consolePathLiterals("const link = `/report/withdrawalList/show/${id}`;")).toEqual(['1: /report/withdrawalList']);
    expect(consolePathLiterals("x('/contract/details?id=' + id)\nopenTodo({ link: '/businessAuthentication' })")).toEqual(['1: /contract/details', '2: /businessAuthentication']);
    expect(consolePathLiterals("app.get('/ops/authentications/:id'); app.get('/user/info'); app.post('/system/message/list')")).toEqual([]);
  });

  it('has none', () => {
    const found = sourceFiles(path.join(repoRoot, 'src/server')).flatMap((file) =>
      consolePathLiterals(fs.readFileSync(file, 'utf8')).map((hit) => `${path.relative(repoRoot, file)}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
