// The console pages code links to, named by their schemas/menu.json route key: the path is
// menu.json's, written nowhere else (tests/unit/console-path-literals.test.ts fails on a console
// path quoted in src/web, src/server or src/shared). A record's page comes from its resource's
// routes instead (src/shared/resources/recordPath.ts).
import menuJson from '../../schemas/menu.json';
import type { MenuFile } from './schema/types';
import { walkMenu } from './schema/walk';

/** The menu.json routes the code names (sign-in, home, a page a button opens); the type keeps a misspelt key out of the build. */
const CONSOLE_PAGES = [
  'home',
  'notFound',
  'user',
  'login',
  'sign',
  'forgetPassword',
  'registerProtocol',
  'serviceProvision',
  'registerSuccessfully',
  'authenticationSubmitted',
  'businessAuthentication',
  'accountSafe',
  'message',
  'task',
  'friendLinks',
  'outgoing',
  'contract',
  'signContract',
  'serviceAgreement',
  'xhnPaymentStatus',
  'RecordTabs',
  'withdrawalList',
  'receiptVerify',
] as const;

export type ConsolePage = (typeof CONSOLE_PAGES)[number];

const PATHS = new Map(walkMenu(menuJson as unknown as MenuFile).flatMap((route) => (route.path === undefined ? [] : [[route.key, route.path] as const])));

const missing = CONSOLE_PAGES.filter((page) => !PATHS.has(page));
if (missing.length > 0) throw new Error(`schemas/menu.json has no route ${missing.join(', ')} (src/shared/consolePaths.ts names them)`);

/** The path of console page `page`, with `query` (undefined values left out) as its search. */
export function consolePath(page: ConsolePage, query?: Record<string, string | undefined>): string {
  const path = PATHS.get(page)!;
  const search = new URLSearchParams(Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  return search ? `${path}?${search}` : path;
}

/** Whether `pathname` is page `page` or one of the pages under it (`/user/...` under `user`). */
export function isUnder(pathname: string, page: ConsolePage): boolean {
  const path = PATHS.get(page)!;
  return pathname === path || pathname.startsWith(`${path}/`);
}
