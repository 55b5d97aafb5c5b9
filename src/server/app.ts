// Builds the Fastify application: plugins, then one module per domain under /api.
import Fastify, { type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './clock';
import { assertSchemas } from '../shared/schema/load-node';
import { ensureAdmin } from './bootstrap';
import { scheduleIdempotencyPurge } from './idempotency';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import authPlugin from './plugins/auth';
import envelopePlugin, { clientErrorHandler, frameworkErrors, ok } from './plugins/envelope';
import { loggerOptions, type LogStream } from './logging';
import openapiPlugin from './openapi';
import securityPlugin from './plugins/security';
import spaPlugin from './plugins/spa';
import agreementRoutes from './modules/agreements/routes';
import counterpartyRoutes from './modules/counterparties/routes';
import personalAgreementRoutes from './modules/agreements/personal';
import authenticationRoutes from './modules/authentication/routes';
import authRoutes from './modules/auth/routes';
import devRoutes from './modules/dev/routes';
import demoRoutes from './demo/routes';
import fileRoutes from './modules/files/routes';
import messageRoutes from './modules/messages/routes';
import noticeRoutes from './modules/notices/routes';
import operatorRoutes from './modules/operators/routes';
import promotionRoutes from './modules/promotion/routes';
import todoRoutes from './modules/todos/routes';
import userRoutes from './modules/users/routes';
import { repoRoot } from './paths';
import { ensureResourceIndexes } from './resources/indexes';
import { loadForms, loadResources } from './resources/registry';
// Domain handlers register themselves by name before the resource files that name them load.
import './trading';
import './funds';
import fundsRoutes from './funds/routes';
import { scheduleAutoRelease } from './funds/autoRelease';
import resourceRoutes from './resources/routes';
import receiptRoutes from './receipts/routes';
import { smsProviderFor, type SmsProvider } from './sms/provider';

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
}

export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = opts;
  // A broken menu, permission, variant or resource file stops the start with file#pointer messages.
  const schemaRoot = config.schemaRoot ?? repoRoot;
  assertSchemas(schemaRoot);
  const resources = loadResources(schemaRoot);
  const forms = loadForms(schemaRoot);
  await ensureResourceIndexes(database.db, resources);
  const ctx: AppContext = {
    db: database.db,
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
    bodyLimit: 1024 * 1024,
    // Behind a proxy the client address comes from X-Forwarded-For.
    trustProxy: true,
  });

  await app.register(envelopePlugin);
  await app.register(securityPlugin, { origins: ctx.origins });
  // Before any route: it documents the routes as they are registered (GET /api/docs).
  await app.register(openapiPlugin, { resources });
  scheduleIdempotencyPurge(app, database.db);
  scheduleAutoRelease(app, database.db, resources.get('contracts')?.def, () => ctx.clock.now());
  await app.register(authPlugin, ctx);
  await app.register(
    async (api) => {
      api.get('/health', { schema: { tags: ['meta'], summary: 'Liveness and database kind' } }, async (req) => ok(req, { status: 'ok', db: database.kind }));
      api.get('/meta/origins', { schema: { tags: ['meta'], summary: 'Console origins per variant' } }, async (req) => ok(req, ctx.origins));
      await api.register(demoRoutes, ctx);
      await api.register(authRoutes, ctx);
      await api.register(userRoutes, ctx);
      await api.register(operatorRoutes, ctx);
      await api.register(noticeRoutes, ctx);
      await api.register(messageRoutes, ctx);
      await api.register(todoRoutes, ctx);
      await api.register(agreementRoutes, ctx);
      await api.register(counterpartyRoutes, ctx);
      await api.register(personalAgreementRoutes, ctx);
      await api.register(promotionRoutes, ctx);
      await api.register(resourceRoutes, { ...ctx, resources });
      await api.register(fileRoutes, ctx);
      await api.register(fundsRoutes, ctx);
      await api.register(receiptRoutes, ctx);
      await api.register(authenticationRoutes, { ...ctx, forms });
      if (!config.production) await api.register(devRoutes, ctx);
    },
    { prefix: '/api' },
  );
  await app.register(spaPlugin, { root: config.webDist });
  const admin = await ensureAdmin(ctx);
  if (admin === 'created') app.log.info(`operations user ${config.adminPhone} created`);
  return { app, ctx };
}
