// Writes .br and .gz beside every compressible file of a built console, once at build time,
// at the highest levels (too slow per request, free at build). @fastify/static serves them
// to clients that accept them (preCompressed), so no asset is compressed per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

export function precompressDir(dir: string): { files: number; bytes: number; gzip: number; brotli: number } {
  const totals = { files: 0, bytes: 0, gzip: 0, brotli: 0 };
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (COMPRESSIBLE.test(entry.name)) {
        const raw = fs.readFileSync(file);
        if (raw.length < MIN_BYTES) continue;
        const gz = zlib.gzipSync(raw, { level: 9 });
        const br = zlib.brotliCompressSync(raw, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        fs.writeFileSync(`${file}.gz`, gz);
        fs.writeFileSync(`${file}.br`, br);
        totals.files += 1;
        totals.bytes += raw.length;
        totals.gzip += gz.length;
        totals.brotli += br.length;
      }
    }
  };
  walk(dir);
  return totals;
}
