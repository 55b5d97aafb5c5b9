// Route schemas of saved list views and list column preferences.
import { obj, str, uuid, type JsonSchema } from '../../openapi/kit';
import { LIST_PAGE_SIZES, MAX_VIEW_NAME } from '../../../shared/resources/listViews';

const tags = ['listViews'];
const resource = str(60, { description: 'The resource the list shows (its file name in schemas/resources)' });
const filters: JsonSchema = { type: 'object', additionalProperties: { type: 'string' }, description: "Declared filter -> its value as the list API takes it ('text', 'a,b', 'from,to')" };
const columns: JsonSchema = { type: 'array', items: { type: 'string', maxLength: 60 }, maxItems: 60, description: 'Shown columns in order' };
const viewBody = (required: string[]) =>
  obj(
    {
      resource,
      name: str(MAX_VIEW_NAME, { minLength: 1 }),
      filters,
      sort: str(61, { description: '`field` or `-field`, a sortable field of the list' }),
      columns,
      pageSize: { type: 'integer', enum: [...LIST_PAGE_SIZES] },
      shared: { type: 'boolean', description: 'Every user of the account sees it' },
      isDefault: { type: 'boolean', description: "The list opens on it for its owner (one per user and list)" },
    },
    required,
  );

export const listViewSchemas = {
  list: { tags, summary: "A list's views the caller may open: its built-in ones, the caller's own and those shared in the account; and the caller's columns of it", querystring: obj({ resource }, ['resource']) },
  create: { tags, summary: 'Save a view of a list', body: viewBody(['resource', 'name']) },
  update: { tags, summary: 'Change one of my views (name, state, sharing, default)', params: obj({ id: uuid }, ['id']), body: viewBody([]) },
  remove: { tags, summary: 'Delete one of my views', params: obj({ id: uuid }, ['id']) },
  setColumns: {
    tags,
    summary: 'Keep my columns of a list: which, in what order, how wide',
    params: obj({ list: resource }, ['list']),
    body: obj({ columns, widths: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Column -> width in px' } }, ['columns']),
  },
  resetColumns: { tags, summary: "Forget my columns of a list: it shows the resource file's again", params: obj({ list: resource }, ['list']) },
};
