// Each resource file's permission id (schemas/resources/<name>.json, name = file name), read at
// build time: only that one field goes into the bundle. The server checks a resource request
// against exactly this id, so controls on a resource route ask the same question.
const permissionIds = import.meta.glob<string>('../../../schemas/resources/*.json', { eager: true, import: 'permissionId' });
// And whether platform operations use it (visibility.ops: deposits, withdrawals): the server lets
// the ops grant through where the resource's own permission id is missing (routes.ts canUse).
const visibilities = import.meta.glob<{ ops?: boolean } | undefined>('../../../schemas/resources/*.json', { eager: true, import: 'visibility' });

const byName = <T>(files: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(files).map(([file, value]) => [file.slice(file.lastIndexOf('/') + 1, -'.json'.length), value]));

export const RESOURCE_PERMISSION_IDS: Readonly<Record<string, string>> = byName(permissionIds);

/** The resources platform operations list, read and act on (their files' visibility.ops). */
export const OPS_RESOURCES: ReadonlySet<string> = new Set(
  Object.entries(byName(visibilities))
    .filter(([, visibility]) => visibility?.ops === true)
    .map(([name]) => name),
);
