// Builds the Fastify application: plugins, the resource engine, then each domain of one list
// (src/server/domains/index.ts) under /api, and the domains' jobs.
import Fastify, { type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './clock';
import { assertSchemas, assertSchemasRemembered } from '../shared/schema/load-node';
import { ensureAdmin } from './bootstrap';
import { idempotencyKeyHook, purgeIdempotencyKeys } from './idempotency';
import { timePhases } from './phases';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import authPlugin from './plugins/auth';
import envelopePlugin, { clientErrorHandler, frameworkErrors, ok } from './plugins/envelope';
import { loggerOptions, type LogStream } from './logging';
import openapiPlugin from './openapi';
import { META_SCHEMAS } from './openapi/meta';
import rateLimitPlugin, { purgeRateLimits, RATE_LIMIT_PURGE_MS } from './plugins/rateLimit';
import { lazyValidatorBuilder, plainSerializerBuilder } from './plugins/lazyValidation';
import securityPlugin from './plugins/security';
import robotsPlugin from './plugins/robots';
import spaPlugin from './plugins/spa';
import { repoRoot } from './paths';
import { contributionsOf, type Domain, type DomainContext } from './domain';
import { domains as allDomains } from './domains';
import { ledgerInvariants } from './ledger/invariants';
import { setConsoleSchema } from './resources/consolePaths';
import { declaredResourceDdl, ensureResourceIndexes } from './resources/indexes';
import { resourcesDigest } from './db/schemaStamp';
import { loadForms, loadResources } from './resources/registry';
import resourceRoutes from './resources/routes';
import bulkRoutes from './resources/bulk';
import importRoutes from './resources/import/routes';
import liveRoutes, { LiveHub, liveTasks, nudgeLive } from './resources/live';
import auditRoutes from './resources/audit';
import { smsProviderFor, type SmsProvider } from './sms/provider';
import { startScheduler, type ScheduledJob } from './scheduler';
import { ensureConsumer } from './consumers/consumer';
import { newsConsumer } from './consumers/news';
import { ensureWebhooksConsumer, webhooksConsumer } from './consumers/webhooks';
import { deliverBeforeAnswer } from './consumers/requests';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  sms?: SmsProvider;
  logger?: boolean;
  /** Log lines go here (tests read the log); implies logging. */
  logStream?: LogStream;
  /** Shared between the apps of one process (one per variant origin). */
  origins?: Record<string, string>;
  /** Where a clean schema check is remembered (the server process: DATA_DIR); without it every build checks. */
  schemaStamp?: string;
  /** The domains this server serves (tests add one of their own); all of src/server/domains by default. */
  domains?: readonly Domain[];
  /** True while the per-client rate limits are not applied: the demo seeder's dozens of sign-ins and SMS (main.ts). */
  rateLimitsPaused?: () => boolean;
}

export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; ctx: DomainContext }> {
  const { config, database } = opts;
  // A broken menu, permission, variant or resource file stops the start with file#pointer messages.
  const schemaRoot = config.schemaRoot ?? repoRoot;
  if (opts.schemaStamp) assertSchemasRemembered(schemaRoot, opts.schemaStamp);
  else assertSchemas(schemaRoot);
  const domains = opts.domains ?? allDomains;
  // A resource file naming a handler, compute, source or document no domain gives stops the start too.
  const resources = loadResources(schemaRoot, contributionsOf(domains));
  const forms = loadForms(schemaRoot);
  // Links to console pages (messages, todos, receipts) follow this menu.json and these resource files.
  setConsoleSchema(schemaRoot, [...resources.values()].map((r) => r.def));
  // A stamp openDatabase was asked to trust proves these were made for exactly these resource files (db/schemaStamp.ts).
  if (database.stamp?.resources !== resourcesDigest(declaredResourceDdl(resources))) await ensureResourceIndexes(database.db, resources);
  const ctx: AppContext = {
    db: database.db,
    dbKind: database.kind,
    clock: opts.clock ?? systemClock,
    config,
    sms: opts.sms ?? smsProviderFor(config.smsProvider, config.production),
    origins: opts.origins ?? {},
  };
  const app = Fastify({
    logger: loggerOptions(!!opts.logger || !!process.env.DEBUG_LOG, opts.logStream),
    frameworkErrors,
    clientErrorHandler,
    // Route schemas report every problem of a request at once, like the hand-written checks;
    // scalars are coerced (query strings are text) but an array or object is never a scalar.
    ajv: { customOptions: { allErrors: true, coerceTypes: true } },
    // Each route's validator is compiled on its first request, the compiler loaded then; answers
    // are sent as they are, whatever their response schema says (plugins/lazyValidation.ts).
    schemaController: { compilersFactory: { buildValidator: lazyValidatorBuilder() as never, buildSerializer: plainSerializerBuilder() as never } },
    bodyLimit: 1024 * 1024,
    // Behind a proxy the client address comes from X-Forwarded-For.
    trustProxy: true,
  });

  // Bench only: each request's phases in a Server-Timing header (src/server/phases.ts).
  timePhases(app);
  await app.register(envelopePlugin);
  await app.register(securityPlugin, { origins: ctx.origins });
  // Public endpoints count requests per client in the database (routes name their rule).
  await app.register(rateLimitPlugin, { db: database.db, clock: ctx.clock, limits: config.rateLimits, paused: opts.rateLimitsPaused });
  // Before any route: it documents the routes as they are registered (GET /api/docs).
  await app.register(openapiPlugin, { resources });
  // Routes whose config requires an Idempotency-Key refuse a request without one before their handler.
  app.addHook('preHandler', idempotencyKeyHook);
  const tasks = new Map(domains.flatMap((d) => Object.entries(d.tasks ?? {})));
  // The messages and todos of record moves: one consumer of the event stream (consumers/news.ts).
  const news = newsConsumer(domains.map((d) => ({ domain: d.name, news: d.news })), resources);
  await ensureConsumer(database.db, news.name);
  // The webhook deliveries of events (consumers/webhooks.ts): drained by the scheduler and by the webhooks domain's sender.
  const webhooks = webhooksConsumer(resources);
  await ensureWebhooksConsumer(database.db);
  // A request that moved records answers once the news of its moves are written (consumers/requests.ts).
  deliverBeforeAnswer(app, database.db, [news]);
  const domainCtx: DomainContext = { ...ctx, resources, forms, tasks, news, webhooks, ledgerInvariants: ledgerInvariants(domains) };
  for (const domain of domains) domain.init?.(app, domainCtx);
  // Every periodic job, the domains' and the infrastructure's, on the one scheduler (scheduler.ts).
  const jobs: ScheduledJob[] = [
    { name: 'idempotency.purge', every: 3600_000, run: () => purgeIdempotencyKeys(database.db) },
    // Counts past their window; none are kept while every rule is off.
    ...(Object.values(config.rateLimits).some(Boolean) ? [{ name: 'rateLimits.purge', every: RATE_LIMIT_PURGE_MS, run: (now: Date) => purgeRateLimits(database.db, now) }] : []),
    ...domains.flatMap((d) =>
      (d.jobs ?? []).map((job) => {
        const task = tasks.get(job.task);
        if (!task) throw new Error(`domain ${d.name}: job '${job.task}' names no task`);
        return { name: job.task, every: job.every, run: (now: Date) => task(domainCtx, now) };
      }),
    ),
  ];
  // This node's live streams (resources/live.ts): their reads and heartbeats are the scheduler's node tasks.
  const live = new LiveHub(database.db, resources);
  startScheduler(app, database.db, ctx.clock, jobs.map((job) => ({ ...job, run: (now: Date) => job.run(now).finally(nudgeLive) })), [news, webhooks], liveTasks(live));
  // A request that may have moved records wakes this node's live streams (resources/live.ts).
  app.addHook('onResponse', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') nudgeLive();
  });
  await app.register(authPlugin, ctx);
  await app.register(
    async (api) => {
      api.get('/health', { schema: META_SCHEMAS.health }, async (req) => ok(req, { status: 'ok', db: database.kind }));
      api.get('/meta/origins', { schema: META_SCHEMAS.origins }, async (req) => ok(req, ctx.origins));
      await api.register(resourceRoutes, { ...ctx, resources });
      await api.register(bulkRoutes, { ...ctx, resources });
      await api.register(importRoutes, { ...ctx, resources });
      await api.register(liveRoutes, { ...ctx, live });
      await api.register(auditRoutes, { ...ctx, resources });
      for (const domain of domains) for (const routes of domain.routes ?? []) await api.register(routes, domainCtx);
    },
    { prefix: '/api' },
  );
  await app.register(robotsPlugin);
  await app.register(spaPlugin, { root: config.webDist });
  const admin = await ensureAdmin(ctx);
  if (admin === 'created') app.log.info(`operations user ${config.adminPhone} created`);
  return { app, ctx: domainCtx };
}
