// Build-time resource gates: what the console's access decision reads of each resource file
// before its definition has loaded from /api/meta/resources (src/web/refine/resourcePermissions.ts).
// The files are composed onto the bases they extend (readResource, the server's and the schema
// check's merge), so a field a base declares (an offer's parties, visibility) is the one the
// server applies; only these fields go into the bundle.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { GateDefinition } from '../../src/shared/access';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { SCHEMA_PATHS } from '../../src/shared/schema/issues';
import { readResource } from '../../src/shared/schema/load-node';

export const RESOURCE_GATES_ID = 'virtual:lsf-resource-gates';
const RESOLVED = `\0${RESOURCE_GATES_ID}`;

/** Each resource file's gate fields, by resource name (file name). */
export function resourceGates(repoRoot: string): Record<string, Omit<GateDefinition, 'actions'>> {
  const dir = path.join(repoRoot, SCHEMA_PATHS.resourcesDir);
  const gates: Record<string, Omit<GateDefinition, 'actions'>> = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const def = readResource(repoRoot, `${SCHEMA_PATHS.resourcesDir}/${file}`) as ResourceDefinition;
    const name = file.slice(0, -'.json'.length);
    gates[name] = {
      name,
      permissionId: def.permissionId,
      source: def.source,
      visibility: def.visibility,
      parties: def.parties,
      createHandler: def.createHandler,
      requiresService: def.requiresService,
    };
  }
  return gates;
}

export function resourceGatesPlugin(repoRoot: string): Plugin {
  const dir = path.join(repoRoot, SCHEMA_PATHS.resourcesDir);
  return {
    name: 'lsf-resource-gates',
    resolveId: (id) => (id === RESOURCE_GATES_ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      // Rebuilt when a resource file or a base changes (dev server).
      for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) if (file.endsWith('.json')) this.addWatchFile(path.join(dir, file));
      return `export default ${JSON.stringify(resourceGates(repoRoot))};`;
    },
  };
}
