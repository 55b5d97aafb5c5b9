// Files the server reads at run time, found from the repository root so the same code works
// from src/ (tsx, tests) and from the bundle in dist/server/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'drizzle'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`cannot find the LSF repository root above ${from}`);
  }
}

export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));
export const migrationsFolder = path.join(repoRoot, 'drizzle');
