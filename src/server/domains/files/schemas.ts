// Route schemas of uploads. The upload itself is multipart/form-data (one file part), read by
// the handler: `bodyInDocument` is its body as the document shows it (openapi/index.ts), since
// a multipart body is not JSON the route's validator could check.
import { answers, idParams, obj, record, str, t, type JsonSchema } from '../../openapi/kit';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Detected MIME type -> the extensions a file of that type may carry (also what GET .../content is declared to answer). */
export const ALLOWED: Record<string, string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

const tags = ['files'];

/** An upload as answered (FileView): `url` is signed and valid for 10 minutes. */
const fileView = record({
  id: t.id,
  name: { type: 'string', description: 'The file name as uploaded' },
  type: { type: 'string', enum: Object.keys(ALLOWED), description: 'The media type found in its bytes' },
  size: { type: 'integer', minimum: 1, description: 'Bytes' },
  url: { type: 'string', description: 'GET it for the bytes (no token needed), for 10 minutes' },
});
const binary: JsonSchema = { type: 'string', format: 'binary' };

export const fileSchemas = {
  upload: {
    tags,
    summary: 'Upload one image or PDF (multipart/form-data, field file, at most 5 MB)',
    description: `Stores one JPEG, PNG, WebP or PDF file of at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB for the caller's account; its type is read from its bytes and must match its extension. Answers the file with a signed URL of its content.`,
    consumes: ['multipart/form-data'],
    bodyInDocument: obj({ file: { ...binary, description: 'The file (its name with the extension)' } }, ['file']),
    response: answers(fileView, 'Stored', {
      400: 'No file part, an empty file, a type not taken, or an extension that does not match the bytes',
      413: `The file is over ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
      415: 'The body is not multipart/form-data',
    }),
  },
  get: {
    tags,
    summary: 'An upload and a fresh signed URL',
    description: "Answers an upload of the caller's account (any, for operations) with a new signed URL of its content.",
    params: idParams,
    response: answers(fileView, 'The upload'),
  },
  content: {
    tags,
    security: [],
    summary: 'The bytes of an upload, by signed URL',
    description: 'Answers the bytes of an upload with its media type, for the signed URL (exp, sig) an upload or GET /api/files/{id} answered: no token, the signature is the permission. An expired or altered URL is a 404.',
    params: obj({ id: str(36) }, ['id']),
    querystring: obj({ exp: str(20, { description: 'Expiry, milliseconds since 1970' }), sig: str(100, { description: 'Signature of id and exp' }) }),
    response: { 200: { description: 'The bytes', content: Object.fromEntries(Object.keys(ALLOWED).map((type) => [type, { schema: binary }])) } },
  },
};
