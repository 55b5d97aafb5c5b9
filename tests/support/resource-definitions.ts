// Resource definitions as the server serves them: each file merged onto the bases it extends
// (src/shared/schema/compose.ts), for tests that fake GET /api/meta/resources or ask the shared
// ability about a resource. Importing a composed file's JSON directly would give only its own part.
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { SCHEMA_PATHS } from '../../src/shared/schema/issues';
import { REPO_ROOT, readResource } from '../../src/shared/schema/load-node';

export const resourceDefinition = (name: string): ResourceDefinition => readResource(REPO_ROOT, SCHEMA_PATHS.resource(name)) as ResourceDefinition;
