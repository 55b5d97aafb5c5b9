// The server process: lock DATA_DIR (PGlite), open and migrate the database, build the app
// (which bootstraps the ops user), listen, and shut down cleanly on SIGINT/SIGTERM.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { configFromEnv } from './config';
import { openStore } from './db/store';
import { smsProviderFor } from './sms/provider';

async function main() {
  const config = configFromEnv();
  // Configuration mistakes fail before anything touches the data directory.
  const sms = smsProviderFor(config.smsProvider, config.production);
  // A DATA_DIR locked by another server fails here, with its message (main().catch below).
  const store = await openStore(config);
  const { database } = store;
  // One Fastify app per variant origin, all on the same database (the first bootstraps the ops user).
  const apps: { variant: string; app: FastifyInstance; port: number }[] = [];
  const origins: Record<string, string> = {};
  for (const [i, variant] of config.variants.entries()) {
    // Variant builds sit beside the first one: dist/web/<variant>.
    const webDist = i === 0 || !config.webDist ? config.webDist : path.join(path.dirname(config.webDist), variant);
    const { app } = await buildApp({ config: { ...config, webDist }, database, sms, origins, logger: process.env.LOG_LEVEL !== 'silent' });
    apps.push({ variant, app, port: config.port + i });
  }

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
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
