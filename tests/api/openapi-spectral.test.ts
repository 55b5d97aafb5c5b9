// The served OpenAPI document linted by Spectral (@stoplight/spectral-cli) with the
// spectral:oas ruleset of .spectral.yaml, as a client developer's tooling would (issue 30):
// no error and no warning.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/server/paths';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

interface SpectralResult {
  code: string;
  message: string;
  path: string[];
  severity: number;
}

describe.skipIf(!dbAvailable)('OpenAPI document under Spectral', () => {
  let s: TestServer;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-spectral-'));
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has no error and no warning under spectral:oas', async () => {
    const res = await fetch(`${s.baseUrl}/api/docs/json`);
    expect(res.status).toBe(200);
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, await res.text());
    const cli = path.join(repoRoot, 'node_modules/.bin/spectral');
    // Exit code 1 when it found errors: the JSON report is on stdout either way.
    const { stdout } = await promisify(execFile)(cli, ['lint', file, '--ruleset', path.join(repoRoot, '.spectral.yaml'), '--format', 'json', '--quiet', '--fail-severity', 'hint'], {
      cwd: repoRoot,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const results = JSON.parse(stdout.trim() || '[]') as SpectralResult[];
    const count = (severity: number) => results.filter((r) => r.severity === severity).length;
    console.log(`spectral:oas on /api/docs/json: ${count(0)} errors, ${count(1)} warnings, ${count(2)} infos, ${count(3)} hints`);
    expect(results.filter((r) => r.severity <= 1).map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`)).toEqual([]);
  }, 120_000);
});
