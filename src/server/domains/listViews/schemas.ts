// Route schemas of saved list views and list column preferences.
import { answers, done, obj, record, str, t, uuid, type JsonSchema } from '../../openapi/kit';
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

/** A view as answered (shared/resources/listViews.ts ListView). */
const view = obj(
  {
    id: { type: 'string', description: 'A uuid, or builtin:<key> for a view the resource file declares' },
    resource: { type: 'string' },
    name: { type: 'string' },
    filters,
    sort: { type: 'string' },
    columns,
    pageSize: { type: 'integer' },
    shared: { type: 'boolean' },
    isDefault: { type: 'boolean' },
    mine: { type: 'boolean', description: "The caller's own" },
    builtIn: { type: 'boolean', description: 'Declared by the resource file (an operations queue)' },
    ownerName: { type: 'string', description: 'Who shared it, for a view of another user' },
  },
  ['id', 'resource', 'name', 'filters', 'shared', 'isDefault', 'mine', 'builtIn'],
);
const columnPreference = record({ columns: t.list({ type: 'string' }), widths: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Column -> width in px' } });

export const listViewSchemas = {
  list: {
    tags,
    summary: "A list's views the caller may open: its built-in ones, the caller's own and those shared in the account; and the caller's columns of it",
    description: "Answers the views of a list the caller may open (the resource file's built-in ones, the caller's own, those shared in its account) and the caller's columns of the list (null when it kept none).",
    querystring: obj({ resource }, ['resource']),
    response: answers(obj({ views: t.list(view), columns: { anyOf: [columnPreference, { type: 'null' }] } }, ['views', 'columns']), 'The views'),
  },
  create: { tags, summary: 'Save a view of a list', description: 'Saves a view of a list under a name: its filters, sort, columns and page size; shared with the account or not; the default or not. Answers the view.', body: viewBody(['resource', 'name']), response: answers(view, 'Saved') },
  update: { tags, summary: 'Change one of my views (name, state, sharing, default)', description: "Changes one of the caller's views. Answers the view.", params: obj({ id: uuid }, ['id']), body: viewBody([]), response: answers(view, 'Changed') },
  remove: { tags, summary: 'Delete one of my views', description: "Deletes one of the caller's views. Answers data null.", params: obj({ id: uuid }, ['id']), response: answers(done, 'Deleted') },
  setColumns: {
    tags,
    summary: 'Keep my columns of a list: which, in what order, how wide',
    params: obj({ list: resource }, ['list']),
    description: "Keeps the caller's columns of a list: which are shown, in what order, how wide. Answers them.",
    body: obj({ columns, widths: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Column -> width in px' } }, ['columns']),
    response: answers(columnPreference, 'Kept'),
  },
  resetColumns: { tags, summary: "Forget my columns of a list: it shows the resource file's again", description: "Forgets the caller's columns of a list. Answers data null.", params: obj({ list: resource }, ['list']), response: answers(done, 'Forgotten') },
};
