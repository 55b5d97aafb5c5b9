// npm run build [-- variant ...]: builds the console for the given variants (default: VARIANT or main).
import { buildWeb } from './lib/web-build';

const variants = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const v of variants.length ? variants : [process.env.VARIANT || 'main']) {
  await buildWeb(v, { force: true });
}
