// The build half of `npm start`: bring the console (VARIANT, default main) and the server
// bundle up to date when their sources changed. package.json then runs dist/server/main.mjs.
import { buildServer } from './lib/server-build';
import { buildWeb } from './lib/web-build';

const variant = process.env.VARIANT || 'main';
if (await buildWeb(variant, { quiet: true })) console.info(`Built the ${variant} console.`);
if (await buildServer()) console.info('Built the server.');
