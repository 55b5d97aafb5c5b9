import type { GateDefinition } from '../../shared/access';
import gates from 'virtual:lsf-resource-gates';

// What the access decision reads of each resource file, composed onto its bases at build time
// (scripts/lib/vite-resource-gates.ts) so only these fields go into the bundle: a route's
// controls are decided before its definition has loaded from /api/meta/resources. The declared
// actions come with the loaded definition.

/** The gate's fields of a bundled resource file, or undefined for a resource added at run time. */
export function bundledGateDefinition(name: string): GateDefinition | undefined {
  return Object.hasOwn(gates, name) ? (gates[name] as GateDefinition) : undefined;
}
