// The resources and forms this server serves: every schemas/resources/*.json under the schema root,
// merged onto the bases it extends (readResource, the schema check's merge) and already validated
// (assertSchemas at start), with its record and action-input validators compiled once by the same
// ajv options and formats the console's forms use.
import fs from 'node:fs';
import path from 'node:path';
import { SCHEMA_PATHS } from '../../shared/schema/issues';
import { readResource } from '../../shared/schema/load-node';
import type { FormDefinition, ResourceDefinition } from '../../shared/resources/types';
import { actionInputSchema } from '../../shared/resources/actionInput';
import { knownCompute } from './compute';
import { knownDocument } from './documents';
import { createHandlerFor, knownHandler } from './handlers';
import { knownSource } from './sources';
import { compileInputCheck, compileRecordCheck, type RecordCheck } from './validation';

export interface CompiledResource {
  def: ResourceDefinition;
  /** Validates a whole record (create, update); throws a 400 with field errors. */
  check: RecordCheck;
  /** Action name -> check of its input. */
  actionInputs: Map<string, RecordCheck>;
}

export type ResourceRegistry = Map<string, CompiledResource>;

export function loadResources(schemaRoot: string): ResourceRegistry {
  const dir = path.join(schemaRoot, SCHEMA_PATHS.resourcesDir);
  const registry: ResourceRegistry = new Map();
  if (!fs.existsSync(dir)) return registry;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const def = readResource(schemaRoot, `${SCHEMA_PATHS.resourcesDir}/${file}`) as ResourceDefinition;
    const actionInputs = new Map<string, RecordCheck>();
    for (const action of def.actions ?? []) {
      if (action.handler && !knownHandler(action.handler)) {
        throw new Error(`schemas/resources/${file}: action '${action.name}' names handler '${action.handler}', which the server does not register`);
      }
      if (action.signature && !(def.document && action.by?.length)) {
        throw new Error(`schemas/resources/${file}: signature action '${action.name}' needs the resource's document and the signing parties in by`);
      }
      const input = actionInputSchema(action);
      if (input) actionInputs.set(action.name, compileInputCheck(input));
    }
    if (def.compute && !knownCompute(def.compute)) throw new Error(`schemas/resources/${file}: compute '${def.compute}' is not registered by the server`);
    if (def.createHandler && !createHandlerFor(def.createHandler)) throw new Error(`schemas/resources/${file}: createHandler '${def.createHandler}' is not registered by the server`);
    if (def.source && !knownSource(def.source)) throw new Error(`schemas/resources/${file}: source '${def.source}' is not registered by the server`);
    if (def.document && !knownDocument(def.document)) throw new Error(`schemas/resources/${file}: document '${def.document}' is not registered by the server`);
    registry.set(def.name, { def, check: compileRecordCheck(def.record), actionInputs });
  }
  return registry;
}

export interface CompiledForm {
  def: FormDefinition;
  check: RecordCheck;
}

/** The standalone forms (schemas/forms/*.json), compiled the same way. */
export function loadForms(schemaRoot: string): Map<string, CompiledForm> {
  const dir = path.join(schemaRoot, SCHEMA_PATHS.formsDir);
  const forms = new Map<string, CompiledForm>();
  if (!fs.existsSync(dir)) return forms;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const def = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as FormDefinition;
    forms.set(def.name, { def, check: compileRecordCheck(def.record) });
  }
  return forms;
}
