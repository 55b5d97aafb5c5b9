// Importing records from a spreadsheet (issue 32 item 4), for a resource whose file declares
// list.import (the fields a row gives):
//   GET  /api/r/:resource/import/template?format=xlsx|csv   the fields' labels in the caller's language and an example row
//   POST /api/r/:resource/import/preview   multipart `file` (XLSX or CSV): each row's values and a message per bad
//                                          cell, checked as a create checks (create.ts); nothing is written
//   POST /api/r/:resource/import           the same file (and the preview's `token`, which refuses a file that
//                                          differs from the one previewed): the valid rows created through the
//                                          create pipeline (handler, one door: events, audit), IMPORT_BATCH rows per
//                                          transaction (a savepoint in the request's: a row refused while writing
//                                          rolls its batch back alone), under the request's Idempotency-Key; a
//                                          result per row and the result file (the rows with a status column)
// Each asks what a create asks: the caller may create records of the resource.
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decide } from '../../../shared/access';
import { IMPORT_BATCH, IMPORT_MAX_BYTES, type ImportAnswer, type ImportPreview, type ImportRowResult } from '../../../shared/resources/import';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, fieldError, forbidden, notFound } from '../../errors';
import { idempotent } from '../../idempotency';
import { actorOf, currentUser } from '../../plugins/auth';
import { ok, translate } from '../../plugins/envelope';
import { isWellFormedText } from '../../../shared/schema/ajv';
import { createChecked } from '../create';
import { expireDue } from '../expiry';
import { toCsv, toXlsx } from '../export';
import type { CompiledResource, ResourceRegistry } from '../registry';
import { checkSheet } from './rows';
import { formatOf, readSheet, tooLarge } from './sheet';
import { resultTable, templateTable } from './workbook';
import { importSchemas } from './schemas';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Upload {
  name: string;
  data: Buffer;
  /** The preview's token, when the client sends it back. */
  token?: string;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export default async function importRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'clock'> & { resources: ResourceRegistry }) {
  const { db, clock, resources } = ctx;
  app.addHook('preValidation', app.requireAuth);
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 1, parts: 2 } });

  /** The resource, when it declares an import and the caller may create its records. */
  const resolve = async (req: FastifyRequest): Promise<CompiledResource> => {
    const r = resources.get((req.params as { resource: string }).resource);
    if (!r?.def.list.import) throw notFound();
    if (!decide(actorOf(currentUser(req)), r.def, 'create').can) throw forbidden();
    await expireDue(db, r, resources, clock.now());
    return r;
  };

  /** The multipart body's file and token field. */
  const upload = async (req: FastifyRequest): Promise<Upload> => {
    if (!req.isMultipart()) throw badRequest('uploadMissing');
    let file: Upload | undefined;
    let token: string | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (!isWellFormedText(part.filename)) throw fieldError({ file: 'api:invalidText' });
          file = { name: part.filename, data: await part.toBuffer() };
        } else if (part.fieldname === 'token' && typeof part.value === 'string') {
          token = part.value;
        }
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if ((err as { code?: string }).code?.startsWith('FST_')) throw badRequest('badRequest');
      throw err;
    }
    if (!file) throw badRequest('uploadMissing');
    return { ...file, ...(token ? { token } : {}) };
  };

  /** The upload's rows, each checked as a create. */
  const checked = async (req: FastifyRequest, r: CompiledResource, file: Upload) => {
    const sheet = await readSheet(file.data, formatOf(file.name, file.data));
    return { sheet, ...(await checkSheet(db, req, resources, r, sheet, clock.now())) };
  };

  app.get<{ Querystring: { format?: 'xlsx' | 'csv' } }>('/r/:resource/import/template', { schema: importSchemas.template }, async (req, reply) => {
    const r = await resolve(req);
    const format = req.query.format ?? 'xlsx';
    const table = templateTable(r.def, req.lang, clock.now(), req.t);
    const title = `${r.def.labels[req.lang].title}-${req.t('api:importResult.template')}`;
    reply.header('content-disposition', `attachment; filename="${r.def.name}-import.${format}"; filename*=UTF-8''${encodeURIComponent(`${title}.${format}`)}`);
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(table));
    return reply.type(XLSX_TYPE).send(await toXlsx(table, r.def.labels[req.lang].title));
  });

  app.post('/r/:resource/import/preview', { schema: importSchemas.preview }, async (req) => {
    const r = await resolve(req);
    const file = await upload(req);
    const { columns, rows } = await checked(req, r, file);
    const invalid = rows.filter((row) => row.errors).length;
    const preview: ImportPreview = {
      fields: columns.filter(Boolean),
      total: rows.length,
      valid: rows.length - invalid,
      invalid,
      rows: rows.map(({ data: _data, ...row }) => row),
      token: sha256(file.data),
    };
    return ok(req, preview);
  });

  app.post('/r/:resource/import', { schema: importSchemas.run, config: { idempotencyKey: 'optional' } }, async (req, reply) => {
    const r = await resolve(req);
    const file = await upload(req);
    const token = sha256(file.data);
    if (file.token !== undefined && file.token !== token) throw conflict('api:importFileChanged');
    // What makes a replay "the same request" under an Idempotency-Key: the file's content.
    (req as { body: unknown }).body = { file: token };
    const { sheet, rows } = await checked(req, r, file);
    const now = clock.now();
    return idempotent(req, reply, db, {}, async (tx): Promise<ImportAnswer> => {
      const results = new Map<number, ImportRowResult>();
      for (const row of rows) if (row.errors) results.set(row.row, { row: row.row, status: 'invalid', reason: Object.values(row.errors).join('；') });
      const valid = rows.filter((row) => row.data);
      for (let start = 0; start < valid.length; start += IMPORT_BATCH) {
        const batch = valid.slice(start, start + IMPORT_BATCH);
        let current = batch[0];
        try {
          // One batch, one savepoint: all its rows are written, or none of them.
          const created = await tx.transaction(async (raw) => {
            const sp = raw as unknown as Db;
            const records = [];
            for (const row of batch) {
              current = row;
              records.push(await createChecked(sp, req, resources, r, row.data!, now));
            }
            return records;
          });
          batch.forEach((row, i) => results.set(row.row, { row: row.row, status: 'created', record: created[i] }));
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const why = Object.values(err.fields ?? { _: err.msg }).map((ref) => translate(req.t, ref)).join('；');
          for (const row of batch) {
            const reason = row === current ? why : req.t('api:importBatchRefused', { row: current.row, reason: why });
            results.set(row.row, { row: row.row, status: 'refused', reason });
          }
        }
      }
      const ordered = rows.map((row) => results.get(row.row)!);
      const count = (status: ImportRowResult['status']) => ordered.filter((x) => x.status === status).length;
      const workbook = await toXlsx(resultTable(sheet, ordered, req.t), r.def.labels[req.lang].title);
      const stem = file.name.replace(/\.[^.]*$/, '') || r.def.name;
      return {
        total: ordered.length,
        created: count('created'),
        invalid: count('invalid'),
        refused: count('refused'),
        results: ordered,
        resultFile: { name: `${stem}-${req.t('api:importResult.fileSuffix')}.xlsx`, base64: workbook.toString('base64') },
      };
    });
  });
}
