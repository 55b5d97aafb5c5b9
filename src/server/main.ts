// The server process: lock DATA_DIR (PGlite), open and migrate the database, build the app
// (which bootstraps the ops user), listen, and shut down cleanly on SIGINT/SIGTERM.
import { buildApp } from './app';
import { configFromEnv } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/lock';
import { smsProviderFor } from './sms/provider';

async function main() {
  const config = configFromEnv();
  // Configuration mistakes fail before anything touches the data directory.
  const sms = smsProviderFor(config.smsProvider, config.production);
  let release: (() => Promise<void>) | undefined;
  if (!config.databaseUrl) {
    try {
      release = await lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
  }
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: `${config.dataDir}/pgdata` });
  const { app } = await buildApp({ config, database, sms, logger: process.env.LOG_LEVEL !== 'silent' });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    await release?.();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.info(`LSF console ready: http://${shown}:${config.port} (database: ${database.kind}${database.kind === 'pglite' ? `, ${config.dataDir}` : ''})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
