import type { ResourceDefinition } from '../../shared/resources/types';

// The resource definitions the console has loaded (definitions.ts), by name, for refine's access
// control: a per-record check names its resource and carries the record, and the definition
// (ownership, states, parties, actions) is what turns both into the shared per-record ability.

const byName = new Map<string, ResourceDefinition>();

export function rememberDefinitions(definitions: readonly ResourceDefinition[]): void {
  for (const definition of definitions) byName.set(definition.name, definition);
}

export const loadedDefinition = (name: string | undefined): ResourceDefinition | undefined => (name ? byName.get(name) : undefined);
