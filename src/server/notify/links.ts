// The links of messages and todos as the reader's console opens them. A link is stored once,
// made over every route of menu.json (consolePaths.ts), but one API serves every variant's
// console and a variant removes routes (xhn has no /payment/paymentDetails): each answer gives
// the link as the reader's variant has it (linkInVariant, src/shared/resources/recordPath.ts),
// the record's page of that variant when the stored page is not one of its routes, or no link
// when the variant has no page for it. The console names its variant in the X-LSF-Variant
// header (src/web/providers/http.ts); without it the stored link is answered as it is.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { getVariant, isVariantId, type ResolvedRoute, type Variant } from '../../shared/menu';
import { linkedRecord, linkInVariant, opensIn, type RecordFacts } from '../../shared/resources/recordPath';
import type { Db } from '../db/client';
import { resourceRecords } from '../db/schema';
import { currentUser, userCan } from '../plugins/auth';
import { consoleRoutes } from '../resources/consolePaths';

export const VARIANT_HEADER = 'x-lsf-variant';

/** The variant whose console asks (X-LSF-Variant); undefined without the header or for an unknown id. */
export function readerVariant(req: FastifyRequest): Variant | undefined {
  const value = req.headers[VARIANT_HEADER];
  const id = Array.isArray(value) ? value[0] : value;
  return isVariantId(id) ? getVariant(id) : undefined;
}

const perVariant = new WeakMap<readonly ResolvedRoute[], Map<string, readonly ResolvedRoute[]>>();

/** The console routes records open on (menu.json's and resource files'), less what `variant` removes (with their children). */
export function variantRoutes(variant: Variant): readonly ResolvedRoute[] {
  const every = consoleRoutes();
  let cache = perVariant.get(every);
  if (!cache) perVariant.set(every, (cache = new Map()));
  let routes = cache.get(variant.id);
  if (!routes) {
    const removed = new Set(variant.removed);
    routes = every.filter((route) => !removed.has(route.key) && !route.parentKeys.some((key) => removed.has(key)));
    cache.set(variant.id, routes);
  }
  return routes;
}

/**
 * The links of `links` (stored message or todo links) as the request's reader opens them in the
 * console variant it names: a record page the variant lacks becomes that record's page of the
 * variant, chosen with the record as it is now and the reader's side of it (its facts read in one
 * statement per resource); a page the variant lacks, null.
 */
export async function linksForReader(db: Db, req: FastifyRequest, links: readonly (string | null)[]): Promise<(string | null)[]> {
  const variant = readerVariant(req);
  if (!variant) return [...links];
  const every = consoleRoutes();
  const routes = variantRoutes(variant);
  const user = currentUser(req);
  const viewer = { accountId: user.accountId, ops: userCan(user, 'ops', 'query') };
  // The records whose stored page the variant lacks, by resource (one partition each).
  const wanted = new Map<string, Set<string>>();
  for (const link of links) {
    if (!link || opensIn(routes, link)) continue;
    const target = linkedRecord(every, link);
    if (target && /^[0-9a-f-]{36}$/i.test(target.id)) (wanted.get(target.resource) ?? wanted.set(target.resource, new Set()).get(target.resource)!).add(target.id);
  }
  const facts = new Map<string, RecordFacts>();
  for (const [resource, ids] of wanted) {
    const rows = await db
      .select({ id: resourceRecords.id, accountId: resourceRecords.accountId, state: resourceRecords.state, data: resourceRecords.data, parties: resourceRecords.parties })
      .from(resourceRecords)
      .where(and(eq(resourceRecords.resource, resource), inArray(resourceRecords.id, [...ids])));
    for (const row of rows) facts.set(`${resource}:${row.id}`, { ...row.data, accountId: row.accountId, parties: row.parties, state: row.state });
  }
  return links.map((link) => {
    if (!link) return null;
    const target = linkedRecord(every, link);
    return linkInVariant(every, routes, link, target ? facts.get(`${target.resource}:${target.id}`) : undefined, viewer) ?? null;
  });
}
