// Security headers on every response (console and API), from helmet, with a
// Content-Security-Policy the built console satisfies (tests/e2e/csp.test.ts loads every page
// kind and sees no violation), and responses compressed when the client accepts it.
//   - script-src 'unsafe-eval': the console validates forms with ajv, which compiles the JSON
//     Schemas the server sends at run time into functions (new Function); a resource added as
//     a JSON file has no build step where its validator could be precompiled.
//   - style-src 'unsafe-inline': antd's CSS-in-JS writes <style> elements and style attributes.
//   - connect-src adds the variant origins (cross-origin sign-in hand-off, /api/meta/origins).
//   - no upgrade-insecure-requests: the embedded default serves plain HTTP on localhost.
// API responses are never cached by the browser or a proxy (sign-in answers carry tokens and
// captchas, the rest personal data) unless a route says otherwise (signed file URLs).
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityOptions {
  /** Console origins per variant; filled once every variant listens (shared object). */
  origins: Record<string, string>;
}

export function contentSecurityPolicy(origins: Record<string, string>) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // Read at request time: the variant origins are known only once each variant listens.
      connectSrc: ["'self'", () => Object.values(origins).join(' ')],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/**
 * Answers smaller than this go out as they are: under 1 KB the encoding's headers and the work
 * save next to nothing. From 1 KB every JSON answer is compressed (issue 32: a phone on a slow
 * link waited on a 6 KB /api/system/users/info sent as is). Brotli at quality 4 (the plugin's
 * default for global compression) turns a 4.5 KB action answer into ~0.6 KB for ~0.2 ms of CPU
 * (docs/decisions.md "Every JSON answer over 1 KB compressed").
 */
export const COMPRESS_THRESHOLD = 1024;

async function securityPlugin(app: FastifyInstance, opts: SecurityOptions) {
  // helmet's middleware, made once and run on every request. (@fastify/helmet, its Fastify
  // wrapper, made the middleware anew on every request, parsing the policy each time: 1.4% of the
  // server's CPU per collateral payment, docs/decisions.md "Collateral payments: third pass".)
  const headers = helmet({
    contentSecurityPolicy: contentSecurityPolicy(opts.origins),
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Variants on other origins link to each other; nothing here is embedded cross-origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (req, reply, done) => headers(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  // Static assets are precompressed at build (scripts/lib/precompress.ts) and served as is;
  // this compresses what is made per request (JSON lists, CSV exports) from COMPRESS_THRESHOLD.
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

export default fp(securityPlugin, { name: 'security', dependencies: ['envelope'] });
