import type { GateDefinition } from '../../shared/access';

// What the access decision reads of each resource file (schemas/resources/<name>.json, name =
// file name), taken at build time field by field so only these fields go into the bundle: a
// route's controls are decided before its definition has loaded from /api/meta/resources. The
// declared actions come with the loaded definition.
const field = <K extends keyof GateDefinition>(files: Record<string, GateDefinition[K]>) =>
  new Map(Object.entries(files).map(([file, value]) => [file.slice(file.lastIndexOf('/') + 1, -'.json'.length), value]));

const permissionIds = field<'permissionId'>(import.meta.glob('../../../schemas/resources/*.json', { eager: true, import: 'permissionId' }));
const sources = field<'source'>(import.meta.glob('../../../schemas/resources/*.json', { eager: true, import: 'source' }));
const visibilities = field<'visibility'>(import.meta.glob('../../../schemas/resources/*.json', { eager: true, import: 'visibility' }));
const parties = field<'parties'>(import.meta.glob('../../../schemas/resources/*.json', { eager: true, import: 'parties' }));
const createHandlers = field<'createHandler'>(import.meta.glob('../../../schemas/resources/*.json', { eager: true, import: 'createHandler' }));
const services = field<'requiresService'>(import.meta.glob('../../../schemas/resources/*.json', { eager: true, import: 'requiresService' }));

/** The gate's fields of a bundled resource file, or undefined for a resource added at run time. */
export function bundledGateDefinition(name: string): GateDefinition | undefined {
  const permissionId = permissionIds.get(name);
  if (permissionId === undefined) return undefined;
  return {
    name,
    permissionId,
    source: sources.get(name),
    visibility: visibilities.get(name),
    parties: parties.get(name),
    createHandler: createHandlers.get(name),
    requiresService: services.get(name),
  };
}
