// npm run build [-- variant ...]: builds the server bundle and the console for the given
// variants (default: VARIANT or main).
import { buildServer } from './lib/server-build';
import { assertSchemas } from '../src/shared/schema/load-node';
import { buildWeb, repoRoot } from './lib/web-build';

// Declarative files are checked before anything is built from them.
assertSchemas(repoRoot);

await buildServer({ force: true });
const variants = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const v of variants.length ? variants : [process.env.VARIANT || 'main']) {
  await buildWeb(v, { force: true });
}
