// Each resource file's permission id (schemas/resources/<name>.json, name = file name), read at
// build time: only that one field goes into the bundle. The server checks a resource request
// against exactly this id, so controls on a resource route ask the same question.
const permissionIds = import.meta.glob<string>('../../../schemas/resources/*.json', { eager: true, import: 'permissionId' });

export const RESOURCE_PERMISSION_IDS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(permissionIds).map(([file, id]) => [file.slice(file.lastIndexOf('/') + 1, -'.json'.length), id]),
);
