// Route schemas of uploads. The upload itself is multipart/form-data (one file part).
import { idParams, obj, str } from '../../openapi/kit';

const tags = ['files'];

export const fileSchemas = {
  upload: { tags, summary: 'Upload one image or PDF (multipart/form-data, field file, at most 5 MB)', consumes: ['multipart/form-data'] },
  get: { tags, summary: 'An upload and a fresh signed URL', params: idParams },
  content: {
    tags,
    summary: 'The bytes of an upload, by signed URL',
    params: obj({ id: str(36) }, ['id']),
    querystring: obj({ exp: str(20), sig: str(100) }),
  },
};
