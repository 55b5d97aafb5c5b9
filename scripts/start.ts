// The build half of `npm start`: bring the consoles (VARIANTS or VARIANT, default main) and the server
// bundle up to date when their sources changed. package.json then runs dist/server/main.mjs.
import { buildServer } from './lib/server-build';
import { assertSchemas } from '../src/shared/schema/load-node';
import { buildWeb, repoRoot } from './lib/web-build';

// Declarative files are checked before anything is built from them.
assertSchemas(repoRoot);

const variants = (process.env.VARIANTS || process.env.VARIANT || 'main').split(',').map((v) => v.trim()).filter(Boolean);
for (const variant of variants) {
  if (await buildWeb(variant, { quiet: true })) console.info(`Built the ${variant} console.`);
}
if (await buildServer()) console.info('Built the server.');
