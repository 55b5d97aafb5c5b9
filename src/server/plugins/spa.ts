// Serves the built console with history-mode fallback: every built file is served (found at
// start), any other GET or HEAD outside /api gets index.html. Unknown /api paths stay a 404 envelope, never HTML.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

/** The files under `root` as URL paths without the leading slash (symbolic links followed, dotfiles left out, as @fastify/static's glob). */
function builtFiles(root: string, dir = ''): string[] {
  const files: string[] = [];
  for (const name of fs.readdirSync(path.join(root, dir))) {
    if (name.startsWith('.')) continue;
    const relative = dir ? `${dir}/${name}` : name;
    if (fs.statSync(path.join(root, relative)).isDirectory()) files.push(...builtFiles(root, relative));
    else files.push(relative);
  }
  return files;
}

async function spaPlugin(app: FastifyInstance, opts: { root?: string }) {
  const root = opts.root;
  const hasSpa = !!root && fs.existsSync(path.join(root, 'index.html'));
  if (hasSpa) {
    // reply.sendFile only: @fastify/static's own routes (wildcard: false) were a GET and a HEAD
    // route per built file, ~1,000 routes whose registration took ~0.25 s of CPU at every start
    // (docs/decisions.md "Memory and start"); one route looks the path up in the files found here.
    await app.register(fastifyStatic, {
      root,
      serve: false,
      index: false,
      cacheControl: false,
      // .br/.gz written beside each asset at build (scripts/lib/precompress.ts).
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, file) =>
        res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    const files = new Set(builtFiles(root));
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      schema: { hide: true },
      // As @fastify/static's routes: a client gone mid-file is no error to answer.
      errorHandler: (error: FastifyError, req, reply) => {
        if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return void req.raw.destroy();
        app.errorHandler(error, req, reply);
      },
      handler: (req, reply) => {
        const file = (req.params as { '*': string })['*'];
        return files.has(file) ? reply.sendFile(file) : reply.callNotFound();
      },
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
