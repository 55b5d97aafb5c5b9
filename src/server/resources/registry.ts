// The resources and forms this server serves: every schemas/resources/*.json under the schema root,
// merged onto the bases it extends (readResource, the schema check's merge) and already validated
// (assertSchemas at start), with its record and action-input validators compiled once by the same
// ajv options and formats the console's forms use.
import fs from 'node:fs';
import path from 'node:path';
import { SCHEMA_PATHS, SchemaValidationError } from '../../shared/schema/issues';
import { readResource } from '../../shared/schema/load-node';
import type { FormDefinition, ResourceDefinition } from '../../shared/resources/types';
import { actionInputSchema } from '../../shared/resources/actionInput';
import type { Contributions } from '../domain';
import type { ComputeFn } from './compute';
import type { DocumentRenderer } from './documents';
import { orderListeners, type CompiledListener } from './events';
import type { ActionHandler, CreateHandler } from './handlers';
import { unknownNames, type ResourceFile } from './names';
import type { SourceContribution } from './sources';
import type { TableFields } from './tableFields';
import type { TotalsTable } from './tableTotals';
import { compileInputCheck, compileRecordCheck, type RecordCheck } from './validation';

/**
 * A resource as the server serves it: its file, its validators, and what the domains contribute
 * to it, looked up once at start (the engine reads these, never a process-wide table).
 */
export interface CompiledResource {
  def: ResourceDefinition;
  /** Validates a whole record (create, update); throws a 400 with field errors. */
  check: RecordCheck;
  /** Action name -> check of its input. */
  actionInputs: Map<string, RecordCheck>;
  /** Action name -> its handler (actions[].handler). */
  handlers: ReadonlyMap<string, ActionHandler>;
  createHandler?: CreateHandler;
  /** The derived fields of its `compute` (compute.ts). */
  compute?: ComputeFn;
  /** Its `source`: the SELECT its records are read from (sources.ts). */
  source?: SourceContribution;
  /** The domain's table whose columns answer its list totals (tableTotals.ts). */
  totals?: TotalsTable;
  /** Fields of its records a domain's table holds, read from there, never stored in the data (tableFields.ts). */
  tableFields?: TableFields;
  document?: DocumentRenderer;
  /** The domains' listeners on this resource, in their declared order (events.ts orderListeners). */
  listeners: readonly CompiledListener[];
}

/** What a read of a resource's records needs: its file and where its records and their fields come from (sources.ts). */
export type ReadFrom = Pick<CompiledResource, 'def' | 'source' | 'tableFields'>;

export type ResourceRegistry = Map<string, CompiledResource>;

/** Throws a SchemaValidationError (file#pointer) when a file names what no domain in `names` contributes. */
export function loadResources(schemaRoot: string, names: Contributions): ResourceRegistry {
  const dir = path.join(schemaRoot, SCHEMA_PATHS.resourcesDir);
  const registry: ResourceRegistry = new Map();
  if (!fs.existsSync(dir)) return registry;
  const files: ResourceFile[] = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ path: `${SCHEMA_PATHS.resourcesDir}/${file}`, def: readResource(schemaRoot, `${SCHEMA_PATHS.resourcesDir}/${file}`) as ResourceDefinition }));
  const unknown = unknownNames(files, names);
  if (unknown.length) throw new SchemaValidationError(unknown);
  for (const { path: file, def } of files) {
    const actionInputs = new Map<string, RecordCheck>();
    for (const action of def.actions ?? []) {
      if (action.signature && !(def.document && action.by?.length)) {
        throw new Error(`${file}: signature action '${action.name}' needs the resource's document and the signing parties in by`);
      }
      const input = actionInputSchema(action);
      if (input) actionInputs.set(action.name, compileInputCheck(input));
    }
    const handlers = new Map((def.actions ?? []).filter((a) => a.handler).map((a) => [a.name, names.handlers.get(a.handler!)!]));
    registry.set(def.name, {
      def,
      check: compileRecordCheck(def.record),
      actionInputs,
      handlers,
      createHandler: def.createHandler ? names.createHandlers.get(def.createHandler) : undefined,
      compute: def.compute ? names.compute.get(def.compute) : undefined,
      source: def.source ? names.sources.get(def.source) : undefined,
      totals: names.totals.get(def.name),
      tableFields: checkedTableFields(file, def, names.tableFields.get(def.name)),
      document: def.document ? names.documents.get(def.document) : undefined,
      listeners: orderListeners(def.name, names.listeners.get(def.name) ?? []),
    });
  }
  return registry;
}

/**
 * A table's fields must be money fields the record declares read-only (the server's: shown, never
 * sent), and not the list's default order (its first page is read in the order of an index on the
 * records' partition, indexes.ts).
 */
function checkedTableFields(file: string, def: ResourceDefinition, t: TableFields | undefined): TableFields | undefined {
  for (const field of Object.keys(t?.money ?? {})) {
    const schema = def.record.properties[field];
    if (!schema || schema['x-kind'] !== 'money' || !schema.readOnly) throw new Error(`${file}: the table ${t!.table} answers '${field}', which is no read-only money field of the record`);
    if (def.list.defaultSort.replace(/^-/, '') === field) throw new Error(`${file}: the list's default order '${field}' is a field the table ${t!.table} holds`);
  }
  return t;
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
