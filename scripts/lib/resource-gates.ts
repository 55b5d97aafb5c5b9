// Each resource file's gate fields, composed onto the bases it extends (readResource, the server's
// and the schema check's merge): what the console's access decision reads before a resource's
// definition has loaded. Printed as JSON when run (scripts/lib/vite-resource-gates.ts runs it).
import fs from 'node:fs';
import path from 'node:path';
import type { GateDefinition } from '../../src/shared/access';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { SCHEMA_PATHS } from '../../src/shared/schema/issues';
import { REPO_ROOT, readResource } from '../../src/shared/schema/load-node';

export type BundledGate = Omit<GateDefinition, 'actions'>;

export function resourceGates(repoRoot: string): Record<string, BundledGate> {
  const dir = path.join(repoRoot, SCHEMA_PATHS.resourcesDir);
  const gates: Record<string, BundledGate> = {};
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

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.stdout.write(JSON.stringify(resourceGates(process.argv[2] ?? REPO_ROOT)));
}
