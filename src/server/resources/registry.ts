// The resources this server serves: every schemas/resources/*.json under the schema root,
// already validated (assertSchemas at start), with its record and action-input validators
// compiled once by the same ajv options and formats the console's forms use.
import fs from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { createRecordAjv } from '../../shared/formats';
import { SCHEMA_PATHS } from '../../shared/schema/issues';
import type { ResourceDefinition } from '../../shared/resources/types';
import { knownHandler } from './handlers';

export interface CompiledResource {
  def: ResourceDefinition;
  /** Validates a whole record (create, update). */
  validate: ValidateFunction;
  /** Action name -> validator of its input. */
  actionInputs: Map<string, ValidateFunction>;
}

export type ResourceRegistry = Map<string, CompiledResource>;

export function loadResources(schemaRoot: string): ResourceRegistry {
  const dir = path.join(schemaRoot, SCHEMA_PATHS.resourcesDir);
  const registry: ResourceRegistry = new Map();
  if (!fs.existsSync(dir)) return registry;
  const ajv = createRecordAjv();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const def = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ResourceDefinition;
    const recordSchema = { ...def.record, additionalProperties: false };
    const actionInputs = new Map<string, ValidateFunction>();
    for (const action of def.actions ?? []) {
      if (action.handler && !knownHandler(action.handler)) {
        throw new Error(`schemas/resources/${file}: action '${action.name}' names handler '${action.handler}', which the server does not register`);
      }
      if (action.input) actionInputs.set(action.name, ajv.compile({ ...action.input, additionalProperties: false }));
    }
    registry.set(def.name, { def, validate: ajv.compile(recordSchema), actionInputs });
  }
  return registry;
}
