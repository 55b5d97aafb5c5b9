// The console pages the server links records to (messages, todos, receipts): recordConsolePath
// (src/shared/resources/recordPath.ts) over the routes of the console this server serves, i.e.
// schemas/menu.json and the resource files read from the schema root at start (setConsoleSchema
// in app.ts). Until then, the bundled menu.json alone.
import fs from 'node:fs';
import path from 'node:path';
import { MENU } from '../../shared/menu';
import { recordConsolePath, recordRoutes, type RecordTarget } from '../../shared/resources/recordPath';
import type { ResourceDefinition } from '../../shared/resources/types';
import type { MenuFile } from '../../shared/schema/types';
import { SCHEMA_PATHS } from '../../shared/schema/issues';
import type { ResolvedRoute } from '../../shared/menu';
import { toView, type RecordRow } from './records';

let routes: readonly ResolvedRoute[] = recordRoutes(MENU, []);

/** Links from now on follow menu.json under `schemaRoot` (validated already) and these resource files. */
export function setConsoleSchema(schemaRoot: string, definitions: readonly ResourceDefinition[]): void {
  const menu = JSON.parse(fs.readFileSync(path.join(schemaRoot, SCHEMA_PATHS.menu), 'utf8')) as MenuFile;
  routes = recordRoutes(menu, definitions);
}

/** The console path of a record for a viewer; undefined when no console route lists its resource. */
export const consolePath = (target: RecordTarget): string | undefined => recordConsolePath(routes, target);

/** The console path of a stored record (row) for the account `accountId`. */
export const consolePathOfRow = (resource: string, row: RecordRow, accountId: string): string | undefined =>
  consolePath({ resource, id: row.id, record: toView(row), viewer: { accountId } });

/** The console routes (menu.json and runtime resource files): what a server-side summary of pages (the ops queues) reads. */
export const consoleRoutes = (): readonly ResolvedRoute[] => routes;

/** The path of the menu.json route `key`, for links to a page rather than a record (businessAuthentication). */
export const routePath = (key: string): string | undefined => routes.find((route) => route.key === key)?.path;
