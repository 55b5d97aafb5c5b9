// The server process: lock DATA_DIR (PGlite) or wait for other nodes' starts (PostgreSQL), open
// and migrate the database, build the app (which makes the resources' partitions and indexes and
// bootstraps the ops user), listen, seed the demo world with --demo (DEMO=1) on an empty
// store, and shut down cleanly on SIGINT/SIGTERM.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { OffsetClock } from './clock';
import { configFromEnv } from './config';
import { holdStartLock } from './db/startLock';
import { openStore } from './db/store';
import { DEMO_OPS, SeedingClock, demoReport, seedDemo, storeIsEmpty } from './domains/demo/seed';
import { smsProviderFor } from './sms/provider';

async function main() {
  const config = configFromEnv();
  // `npm start -- --demo` appends the flag to the last command of the script, this process.
  if (process.argv.includes('--demo')) config.demo = true;
  if (config.demo && config.production) throw new Error('--demo is refused with NODE_ENV=production: the demo logins have public passwords.');
  if (config.demo && !config.adminPhone && !config.adminPassword) Object.assign(config, { adminPhone: DEMO_OPS.phone, adminPassword: DEMO_OPS.password });
  // Configuration mistakes fail before anything touches the data directory.
  const sms = smsProviderFor(config.smsProvider, config.production);
  // Another node of the same PostgreSQL starting now finishes its start first (db/startLock.ts).
  const releaseStart = await holdStartLock(config.databaseUrl);
  // A DATA_DIR locked by another server fails here, with its message (main().catch below).
  const store = await openStore(config);
  const { database } = store;
  // Seeding runs on its own clock (see demo/clock.ts); a store that is not empty is left alone.
  const seedingClock = config.demo && (await storeIsEmpty(database.db)) ? new SeedingClock() : undefined;
  // TEST_CLOCK=1 (never in production): one clock for every app of the process, moved by tests.
  const clock = seedingClock ?? (config.testClock ? new OffsetClock() : undefined);
  // One Fastify app per variant origin, all on the same database (the first bootstraps the ops user).
  const apps: { variant: string; app: FastifyInstance; port: number }[] = [];
  const origins: Record<string, string> = {};
  for (const [i, variant] of config.variants.entries()) {
    // Variant builds sit beside the first one: dist/web/<variant>.
    const webDist = i === 0 || !config.webDist ? config.webDist : path.join(path.dirname(config.webDist), variant);
    // The demo seeder signs in and sends SMS dozens of times from loopback: limits start when it is done.
    const { app } = await buildApp({ config: { ...config, webDist }, database, sms, origins, clock, schemaStamp: path.join(config.dataDir, '.schemas-checked'), rateLimitsPaused: () => !!seedingClock?.seeding, logger: process.env.LOG_LEVEL !== 'silent' });
    apps.push({ variant, app, port: config.port + i });
  }
  await releaseStart();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.info(`${signal}: shutting down`);
    await Promise.all(apps.map(({ app }) => app.close()));
    await store.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  for (const { variant, app, port } of apps) {
    await app.listen({ port, host: config.host });
    origins[variant] = process.env[`PUBLIC_ORIGIN_${variant.toUpperCase()}`] ?? `http://${shown}:${port}`;
    console.info(`LSF console ready: http://${shown}:${port}${apps.length > 1 ? ` (${variant})` : ''}`);
  }
  console.info(`database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}`);
  if (config.demo) {
    // The seeder is a client of this server, on its loopback address.
    const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const ops = { phone: config.adminPhone!, password: config.adminPassword! };
    const result = seedingClock
      ? await seedDemo({ db: database.db, baseUrl: `http://${loopback}:${config.port}`, clock: seedingClock, ops }).finally(() => seedingClock.finish())
      : ({ seeded: false } as const);
    console.info(demoReport(result, origins[config.variants[0]] ?? `http://${shown}:${config.port}`, config));
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
