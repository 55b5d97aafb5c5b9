// npm start: build the console if its sources changed since the last build, then run the
// server (API + SPA) on PORT, with PGlite under DATA_DIR unless DATABASE_URL is set.
import { buildWeb } from './lib/web-build';

const variant = process.env.VARIANT || 'main';
if (await buildWeb(variant, { quiet: true })) console.info(`Built the ${variant} console.`);
await import('../src/server/main');
