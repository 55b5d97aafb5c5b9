import { displayOf, type DisplayKind } from '../../shared/resources/fieldKinds';
import type { FieldSchema, ResourceDefinition } from '../../shared/resources/types';

export type { DisplayKind } from '../../shared/resources/fieldKinds';

const SYSTEM_KINDS: Record<string, DisplayKind> = {
  state: 'state',
  createdAt: 'datetime',
  updatedAt: 'datetime',
  id: 'text',
  version: 'number',
  createdBy: 'text',
  updatedBy: 'text',
};

/** The display kind of a field schema: its field kind's (src/shared/resources/fieldKinds.ts), else by its format and type. */
export function kindOfSchema(schema: FieldSchema | undefined): DisplayKind {
  return displayOf(schema);
}

export function kindOf(definition: Pick<ResourceDefinition, 'record'>, field: string): DisplayKind {
  return SYSTEM_KINDS[field] ?? kindOfSchema(definition.record.properties[field]);
}

/** The allowed values of an enum field or of `state`. */
export function enumValues(definition: Pick<ResourceDefinition, 'record' | 'states'>, field: string): string[] {
  if (field === 'state') return definition.states?.values ?? [];
  return (definition.record.properties[field]?.enum ?? []).map(String);
}
