// The baseline of `npm run bench startup`: a bare Fastify + PGlite process (PGlite's own
// settings, one health route that queries it), run by plain node like the server bundle. What
// the product's start and idle memory are compared with.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';

const dir = `${process.env.DATA_DIR}/pgdata`;
fs.mkdirSync(dir, { recursive: true });
const db = new PGlite(dir, { relaxedDurability: true });
await db.query('select 1');
const app = Fastify();
app.get('/api/health', async () => ({ code: 200, data: { status: 'ok', now: (await db.query('select now() as now')).rows[0].now } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
