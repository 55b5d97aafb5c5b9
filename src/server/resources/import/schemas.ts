// Route schemas of the import routes (routes.ts). Their bodies are multipart (a file and the
// preview's token), read by the handler; the OpenAPI document shows them per resource that
// declares an import (openapi/resources.ts), as it shows every /api/r route.
import { obj, str } from '../../openapi/kit';

const params = obj({ resource: str(60) }, ['resource']);

export const importSchemas = {
  template: { tags: ['resources'], summary: 'The import template: a column per importable field, headed in the language of the caller, and an example row', params, querystring: obj({ format: { enum: ['csv', 'xlsx'] } }) },
  preview: { tags: ['resources'], summary: 'Each row of a spreadsheet (multipart file, XLSX or CSV) read and checked as a create: its values and a message per bad cell; nothing is written', params },
  run: { tags: ['resources'], summary: 'The valid rows of a spreadsheet created, one transaction per batch (Idempotency-Key honoured): a result per row and the result file', params },
};
