// GET /api/ops/pending: what waits for platform operations, per queue (menu.json route key):
// authentication submissions to review, and in each queue listing a resource in the `ops`
// scope the records in a state an ops action starts from (src/shared/resources/opsQueue.ts).
// Each count is the total of the very list query the queue opens with, so the menu's badge, the
// ops home and the list agree.
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { isOpsQueue, opsPendingQuery } from '../../../shared/resources/opsQueue';
import type { DomainContext } from '../../domain';
import { authentications } from '../../db/schema';
import { answers, obj } from '../../openapi/kit';
import { currentUser, userRecordAbility } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { consoleRoutes } from '../../resources/consolePaths';
import { parseListQuery } from '../../resources/query';
import { listCountQuery } from '../../resources/records';
import { listWhereSql } from '../../resources/scope';

/** The menu.json route of the authentication review queue (a page of its own, not a resource list). */
const REVIEW_QUEUE = 'opsAuthentication';

export default async function opsRoutes(app: FastifyInstance, ctx: DomainContext) {
  const { db, resources } = ctx;
  app.addHook('preValidation', app.requireAuth);

  app.get(
    '/ops/pending',
    {
      preHandler: app.requirePermission('ops', 'query'),
      schema: {
        tags: ['ops'],
        summary: 'How many records wait for platform operations, by the console route of their queue',
        description: "Answers how many records wait for platform operations in each of its queues (authentication reviews, deposits to confirm, withdrawals to pay...), by the console route of the queue.",
        querystring: obj({}),
        response: answers({ type: 'object', additionalProperties: { type: 'integer', minimum: 0 } }, 'The counts'),
      },
    },
    async (req) => {
      const me = currentUser(req);
      const [{ reviews }] = await db.select({ reviews: count() }).from(authentications).where(eq(authentications.status, 'submitted'));
      const counts: Record<string, number> = { [REVIEW_QUEUE]: reviews };
      for (const route of consoleRoutes()) {
        const render = route.render;
        if (!isOpsQueue(render)) continue;
        const compiled = resources.get(render.resource);
        const query = compiled && opsPendingQuery(compiled.def, render);
        if (!compiled || !query) continue;
        const scope = listWhereSql(userRecordAbility(me, compiled.def), compiled.def, me.accountId, 'ops');
        const [{ total }] = await listCountQuery(db, parseListQuery(compiled, scope, query));
        counts[route.key] = total;
      }
      return ok(req, counts);
    },
  );
}
