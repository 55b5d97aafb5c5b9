// npm run build [-- variant ...]: builds the server bundle and the console for the given
// variants (default: VARIANT or main).
import { buildServer } from './lib/server-build';
import { buildWeb } from './lib/web-build';

await buildServer({ force: true });
const variants = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const v of variants.length ? variants : [process.env.VARIANT || 'main']) {
  await buildWeb(v, { force: true });
}
