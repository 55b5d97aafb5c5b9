/**
 * The routes an API key may call: the resource engine (read, write, act: the key's operator type
 * decides), the wallet, flows and reports, receipts, coin-days, files, and the public meta and
 * docs. Never a person's own settings, messages, sessions or confirmations, the account's
 * operators, keys or webhooks: there the key would be acting as the owner's person. The auth
 * plugin refuses a key elsewhere; the OpenAPI document offers the key's scheme on exactly these.
 */
const KEY_ROUTES: readonly RegExp[] = [
  /^\/api\/r\//,
  /^\/api\/rest\//,
  /^\/api\/(user|system\/users)\/info$/,
  /^\/api\/funds\//,
  /^\/api\/reports\//,
  /^\/api\/receipts\//,
  /^\/api\/system\/personal\/(getcoindays|coindaysdetail)/,
  /^\/api\/files(\/|$)/,
  /^\/api\/(meta|docs|health)(\/|$)/,
];

/** Whether an API key may call the route at `url` (a route's path, its parameters as written in it). */
export const keyMayCallRoute = (url: string) => KEY_ROUTES.some((r) => r.test(url));
