// Uploads (issue 4): images and documents for forms. The type is decided by the content's
// magic bytes, must be an allowed one and must agree with the file name's extension; at most
// 5 MB. Rejected uploads store nothing. Files are served only to their own account and to
// operations staff, through short-lived signed URLs (an <img> cannot send our token).
import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { FileView } from '../../../shared/api';
import type { AppContext } from '../../context';
import { files } from '../../db/schema';
import { AppError, badRequest, fieldError, notFound } from '../../errors';
import { isWellFormedText } from '../../../shared/schema/ajv';
import { currentUser, userCan } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { existingServerSecret, serverSecret } from '../../secrets';
import { localDiskStorage, newStorageKey } from '../../storage/local-disk';
import type { FileStorage } from '../../storage';
import { ALLOWED, MAX_UPLOAD_BYTES, fileSchemas as S } from './schemas';
import { isUuid } from '../../validate';

const URL_TTL_MS = 10 * 60_000;



export default async function fileRoutes(app: FastifyInstance, ctx: AppContext & { storage?: FileStorage }) {
  const { db, clock } = ctx;
  const storage = ctx.storage ?? localDiskStorage(ctx.config.storageDir);
  // Read (made on a new store) on the first URL signed, not at start: a write and a read less for
  // every restart (docs/decisions.md "Memory and start"); a failure is retried. Checking a URL
  // only reads it: a request never writes the secret (no secret, no URL was ever signed).
  let secret: Promise<string> | undefined;
  const urlSecret = () =>
    (secret ??= serverSecret(db, 'fileUrl', clock.now()).catch((err: unknown) => {
      secret = undefined;
      throw err;
    }));
  const hmac = (key: string, id: string, exp: number) => createHmac('sha256', key).update(`${id}.${exp}`).digest('base64url');
  const sign = async (id: string, exp: number) => hmac(await urlSecret(), id, exp);
  const signedWith = async (id: string, exp: number): Promise<string | undefined> => {
    if (!secret) {
      const found = await existingServerSecret(db, 'fileUrl');
      if (found === undefined) return undefined;
      secret ??= Promise.resolve(found);
    }
    return hmac(await secret, id, exp);
  };

  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 } });

  const view = async (f: typeof files.$inferSelect): Promise<FileView> => {
    const exp = clock.now().getTime() + URL_TTL_MS;
    return { id: f.id, name: f.name, type: f.type, size: f.size, url: `/api/files/${f.id}/content?exp=${exp}&sig=${await sign(f.id, exp)}` };
  };

  /** The file if the caller may see it: its own account's, or any for operations staff. */
  const visible = async (req: FastifyRequest, id: string) => {
    if (!isUuid(id)) throw notFound();
    const [f] = await db.select().from(files).where(eq(files.id, id));
    const me = currentUser(req);
    if (!f || (f.accountId !== me.accountId && !userCan(me, 'ops', 'get'))) throw notFound();
    return f;
  };

  app.post('/files', { schema: S.upload, preValidation: app.requireAuth }, async (req) => {
    const me = currentUser(req);
    if (!req.isMultipart()) throw badRequest('uploadMissing');
    const part = await req.file();
    if (!part) throw badRequest('uploadMissing');
    // A file name the database cannot store (NUL) is refused like any such text field.
    if (!isWellFormedText(part.filename)) throw fieldError({ file: 'api:invalidText' });
    let data: Buffer;
    const tooLarge = () => new AppError(413, { key: 'uploadTooLarge', params: { mb: 5 } });
    try {
      data = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw err;
    }
    // Depending on how the bytes arrive, busboy may stop at the limit and mark the stream
    // truncated instead of failing: a cut-off file is never stored.
    if (part.file.truncated || data.length > MAX_UPLOAD_BYTES) throw tooLarge();
    if (data.length === 0) throw badRequest('uploadEmpty');
    // Loaded on the first upload, not at start.
    const { fileTypeFromBuffer } = await import('file-type');
    const detected = await fileTypeFromBuffer(data);
    const ext = path.extname(part.filename).slice(1).toLowerCase();
    if (!detected || !ALLOWED[detected.mime]) throw badRequest('uploadType');
    if (!ALLOWED[detected.mime].includes(ext)) throw badRequest('uploadExtension');
    const name = path.basename(part.filename).slice(0, 200);
    const key = newStorageKey();
    // The URL's secret before the bytes and the row: signing cannot fail once they are written.
    await urlSecret();
    await storage.put(key, data);
    try {
      const [row] = await db
        .insert(files)
        .values({ accountId: me.accountId, uploadedBy: me.id, name, type: detected.mime, size: data.length, storageKey: key, createdAt: clock.now() })
        .returning();
      return ok(req, await view(row));
    } catch (err) {
      await storage.remove(key); // no orphan bytes when the row could not be written
      throw err;
    }
  });

  app.get('/files/:id', { schema: S.get, preValidation: app.requireAuth }, async (req) => ok(req, await view(await visible(req, (req.params as { id: string }).id))));

  /** The bytes, for a signed URL handed out by the two routes above. */
  app.get('/files/:id/content', { schema: S.content }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const { exp, sig } = req.query as { exp?: string; sig?: string };
    const expNum = Number(exp);
    const expected = Buffer.from((await signedWith(id, expNum)) ?? '');
    const given = Buffer.from(String(sig ?? ''));
    if (!isUuid(id) || !Number.isFinite(expNum) || expNum < clock.now().getTime() || !expected.length || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw notFound();
    }
    const [f] = await db.select().from(files).where(eq(files.id, id));
    if (!f) throw notFound();
    reply
      .header('content-type', f.type)
      .header('content-length', f.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=600')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(f.name)}`);
    return reply.send(await storage.get(f.storageKey));
  });
}
