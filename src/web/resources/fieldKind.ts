import type { FieldSchema, ResourceDefinition } from '../../shared/resources/types';

/** How a value is shown in a list cell or on the show page. */
export type DisplayKind =
  | 'text'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'state'
  | 'boolean'
  | 'region'
  | 'industry'
  | 'files'
  | 'dateOrLongTerm'
  | 'bankBranch'
  | 'signatures'
  | 'reference';

const SYSTEM_KINDS: Record<string, DisplayKind> = {
  state: 'state',
  createdAt: 'datetime',
  updatedAt: 'datetime',
  id: 'text',
  version: 'number',
  createdBy: 'text',
  updatedBy: 'text',
};

/** The display kind of a field schema, from its x-kind first, then its format and type. */
export function kindOfSchema(schema: FieldSchema | undefined): DisplayKind {
  if (!schema) return 'text';
  switch (schema['x-kind']) {
    case 'money':
      return 'money';
    case 'date':
      return 'date';
    case 'enum':
      return 'enum';
    case 'region':
      return 'region';
    case 'industry':
      return 'industry';
    case 'image':
    case 'file':
      return 'files';
    case 'dateOrLongTerm':
      return 'dateOrLongTerm';
    case 'bankBranch':
      return 'bankBranch';
    case 'signatures':
      return 'signatures';
    case 'reference':
      return 'reference';
    default:
      break;
  }
  if (schema.format === 'money') return 'money';
  if (schema.format === 'date') return 'date';
  if (schema.format === 'date-time') return 'datetime';
  if (schema.format === 'industry') return 'industry';
  if (schema.enum) return 'enum';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  return 'text';
}

export function kindOf(definition: Pick<ResourceDefinition, 'record'>, field: string): DisplayKind {
  return SYSTEM_KINDS[field] ?? kindOfSchema(definition.record.properties[field]);
}

/** The allowed values of an enum field or of `state`. */
export function enumValues(definition: Pick<ResourceDefinition, 'record' | 'states'>, field: string): string[] {
  if (field === 'state') return definition.states?.values ?? [];
  return (definition.record.properties[field]?.enum ?? []).map(String);
}
