// The server's domains (src/server/domains) against the resource files: every name a file gives
// (handler, createHandler, compute, source, document) is one a domain contributes, a misspelt one
// is reported as file#pointer by the schema check, and no name is contributed twice.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../src/shared/schema';
import { contributionsOf, type Domain } from '../../src/server/domain';
import { domains } from '../../src/server/domains';
import { repoRoot } from '../../src/server/paths';
import { checkDomainNames } from '../../src/server/resources/names';
import { copySchemaRoot } from '../support/schema-root';

/** Rewrites one resource file of a copy of the schema root. */
function withFile(root: string, name: string, change: (def: Record<string, unknown>) => void): void {
  const file = path.join(root, 'schemas/resources', name);
  const def = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(def);
  fs.writeFileSync(file, JSON.stringify(def));
}

describe('domains and the names resource files use', () => {
  it('the real domains contribute every name the resource files use', () => {
    expect(checkDomainNames(repoRoot, domains).map(formatIssue)).toEqual([]);
  });

  it('reports each unknown name with its file and JSON pointer', () => {
    const root = copySchemaRoot();
    try {
      withFile(root, 'withdrawals.json', (def) => {
        (def.actions as { handler?: string }[])[0].handler = 'withdrawals.nope';
        def.createHandler = 'withdrawals.ask';
      });
      withFile(root, 'contracts.json', (def) => {
        def.compute = 'contracts.sums';
        def.document = 'contracts.paper';
      });
      withFile(root, 'accountFlows.json', (def) => {
        def.source = 'ledger.nothing';
      });
      expect(checkDomainNames(root, domains).map(formatIssue)).toEqual([
        "schemas/resources/accountFlows.json#/source: list source 'ledger.nothing' is not contributed by any server domain (src/server/domains/*/index.ts)",
        "schemas/resources/contracts.json#/compute: compute 'contracts.sums' is not contributed by any server domain (src/server/domains/*/index.ts)",
        "schemas/resources/contracts.json#/document: document 'contracts.paper' is not contributed by any server domain (src/server/domains/*/index.ts)",
        "schemas/resources/withdrawals.json#/actions/0/handler: action handler 'withdrawals.nope' is not contributed by any server domain (src/server/domains/*/index.ts)",
        "schemas/resources/withdrawals.json#/createHandler: create handler 'withdrawals.ask' is not contributed by any server domain (src/server/domains/*/index.ts)",
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('the schema check (scripts/check-schemas.ts) fails on an unknown handler, naming the file', () => {
    const root = copySchemaRoot();
    try {
      withFile(root, 'deposits.json', (def) => {
        def.createHandler = 'deposits.announce';
      });
      let output = '';
      try {
        execFileSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/check-schemas.ts'), root], { cwd: repoRoot, encoding: 'utf8', stdio: 'pipe' });
      } catch (err) {
        output = String((err as { stderr?: string }).stderr);
      }
      expect(output).toContain("schemas/resources/deposits.json#/createHandler: create handler 'deposits.announce' is not contributed by any server domain");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);

  it('a name contributed by two domains is refused, naming both', () => {
    const noop = async () => undefined;
    const a: Domain = { name: 'a', handlers: { 'x.go': noop } };
    const b: Domain = { name: 'b', createHandlers: { 'x.go': noop } };
    expect(() => contributionsOf([a, b])).toThrow("createHandlers 'x.go' is contributed by domain 'a' and by domain 'b'");
  });
});
