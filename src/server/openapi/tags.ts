// The document's top-level tags: one per domain or engine area of the hand-written routes (the
// `tags` their schemas name) and one per loaded resource (openapi/resources.ts). A route naming
// a tag not listed here fails tests/api/openapi.test.ts: add the tag with what its area does.
import type { ResourceRegistry } from '../resources/registry';

export const ROUTE_TAGS: Record<string, string> = {
  meta: 'What the server is and serves: liveness, the console origins per variant, the demo logins',
  rest: "The resource engine's records in @refinedev/simple-rest's convention (json-server's): bare answers, x-total-count, _start/_end, PATCH",
  resources: 'The resource engine: the resource definitions the caller may use (each resource has its own tag with its records)',
  events: 'Live record changes as a server-sent event stream',
  audit: 'The audit trail of record moves and account changes',
  auth: 'Sign-in, registration, SMS codes, image captchas, password reset and sign-out',
  user: "The signed-in user's profile, phone, password and account deletion",
  confirmation: 'How money actions are confirmed: SMS code, payment password or authenticator app',
  operators: "An enterprise account's operators (sub-accounts): invitation, binding, enabling and their log",
  notices: 'Platform notices: published by operations, read by every account',
  messages: "The signed-in user's messages (stations letters): list, read, delete",
  todos: "The account's to-do items and their counts",
  agreements: 'Platform agreements, service agreements and the company introduction',
  counterparties: 'Companies the caller trades with, searched by name',
  mutual: 'The mutual-promise service: whether it is open, and opening it',
  promotion: 'The promotion page: leaving a phone number for a call back',
  files: 'Uploaded files: upload, metadata and content',
  authentication: 'Real-name and enterprise authentication: the forms, submissions and the operations review',
  ops: 'Platform operations: queues waiting for a decision, the ledger check',
  funds: 'Wallet balances, bank accounts and daily flows',
  coinDays: 'Coin-days: balances held over time, by day',
  reports: 'Daily report series for the charts of the console',
  settlement: 'Bills, payments of several bills, bill families and mutual-netting clearing runs',
  paymentRequests: 'the headroom under a contract and the payments of a request',
  receipts: 'Receipts of money transfers, and the public check of a receipt',
  dev: 'Development and test helpers; absent in production',
  apiKeys: "An enterprise's API keys: create, scope, expire, revoke",
  webhooks: 'Webhook endpoints, their deliveries and re-sends',
  listViews: 'Saved list views and columns of the console lists',
};

/** Every tag of the document with its description: the routes' and one per resource (its title). */
export function documentTags(registry: ResourceRegistry): Array<{ name: string; description: string }> {
  const resources = [...registry.values()].map(({ def }) => {
    const own = `${def.labels['en-US'].title} (${def.labels['zh-CN'].title}): the records of schemas/resources/${def.name}.json, with their list, history${def.actions?.length ? ' and state transitions' : ''}`;
    // A domain whose routes serve a resource of the same name shares its tag.
    return { name: def.name, description: ROUTE_TAGS[def.name] ? `${own}; ${ROUTE_TAGS[def.name]}` : own };
  });
  const names = new Set(resources.map((r) => r.name));
  return [...Object.entries(ROUTE_TAGS).filter(([name]) => !names.has(name)).map(([name, description]) => ({ name, description })), ...resources];
}
