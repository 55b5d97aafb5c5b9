// Serves the built console with history-mode fallback: every built file is a route (found at
// start), any other GET or HEAD outside /api gets index.html. Unknown /api paths stay a 404 envelope, never HTML.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

async function spaPlugin(app: FastifyInstance, opts: { root?: string }) {
  const root = opts.root;
  const hasSpa = !!root && fs.existsSync(path.join(root, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      // .br/.gz written beside each asset at build (scripts/lib/precompress.ts).
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, file) =>
        res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (url === '/api' || url.startsWith('/api/') || !hasSpa || !root || !read) throw new AppError(404, 'notFound');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

export default fp(spaPlugin, { name: 'spa', dependencies: ['envelope'] });
