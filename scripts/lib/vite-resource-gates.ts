// Build-time resource gates: the virtual module `virtual:lsf-resource-gates` holds each resource
// file's gate fields, composed onto its bases (scripts/lib/resource-gates.ts), so the console
// decides a route's controls before the definition has loaded, with only these fields bundled.
// The composition is TypeScript with JSON imports, which a Vite config should not import (Vite's
// native config loader cannot): it runs in a tsx child process instead.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const RESOURCE_GATES_ID = 'virtual:lsf-resource-gates';
const RESOLVED = `\0${RESOURCE_GATES_ID}`;

export function resourceGatesPlugin(repoRoot: string): Plugin {
  const dir = path.join(repoRoot, 'schemas/resources');
  return {
    name: 'lsf-resource-gates',
    resolveId: (id) => (id === RESOURCE_GATES_ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      // Rebuilt when a resource file or a base changes (dev server).
      for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) if (file.endsWith('.json')) this.addWatchFile(path.join(dir, file));
      const json = execFileSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/lib/resource-gates.ts'), repoRoot], { cwd: repoRoot, encoding: 'utf8' });
      return `export default ${json};`;
    },
  };
}
