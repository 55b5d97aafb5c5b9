// The console page of a record as the shared rule (src/shared/resources/recordPath.ts) gives it
// for the repository's menu.json and resource files: what every link the server stores or
// answers must equal.
import fs from 'node:fs';
import path from 'node:path';
import { MENU } from '../../src/shared/menu';
import { recordConsolePath, recordRoutes, type RecordTarget } from '../../src/shared/resources/recordPath';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { repoRoot } from '../../src/server/paths';

const dir = path.join(repoRoot, 'schemas/resources');
export const REPO_DEFINITIONS: ResourceDefinition[] = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ResourceDefinition);

const ROUTES = recordRoutes(MENU, REPO_DEFINITIONS);

export const consolePathFor = (target: RecordTarget): string | undefined => recordConsolePath(ROUTES, target);
