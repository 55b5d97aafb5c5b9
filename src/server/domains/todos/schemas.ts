// Route schemas of the todo endpoints (and their older /system/order names).
import { answers, nullable, obj, pageProps, record, t } from '../../openapi/kit';

const tags = ['todos'];
const businessType = { enum: ['0', '1', 0, 1, '', null], description: "'1' the mutual variant, '0' (default) the others" };

/** A to-do item (shared/api.ts TodoView). */
const todo = record({
  id: t.id,
  kind: { type: 'string', description: 'What is to do (authenticate, signContract, ...)' },
  title: { type: 'string' },
  link: nullable({ type: 'string', description: 'The console page where it is done' }),
  businessType: { type: 'string', enum: ['0', '1'] },
  status: { type: 'string', enum: ['open', 'done'] },
  createdAt: t.dateTime,
  doneAt: nullable(t.dateTime),
});

export const todoSchemas = {
  count: { tags, summary: 'Number of open todos', description: "Answers how many open to-do items of the account the caller's operator type can act on.", body: obj({ businessType }), response: answers({ type: 'integer', minimum: 0 }, 'The count') },
  list: {
    tags,
    summary: 'Todos, newest first: open ones unless status asks for done or all',
    description: "Answers a page of the account's to-do items the caller can act on, newest first: open ones unless status asks for done or all.",
    body: obj({ ...pageProps, businessType, status: { enum: ['open', 'done', 'all'], description: "'open' (default), 'done' or 'all'" } }),
    response: answers(t.page(todo), 'A page of to-do items'),
  },
  userList: {
    tags,
    summary: "Open todos the caller's operator type can act on (their business page is within its grants)",
    description: "Answers a page of the account's open to-do items whose page the caller's operator type may open.",
    body: obj({ ...pageProps, businessType }),
    response: answers(t.page(todo), 'A page of to-do items'),
  },
  checkTime: { tags, summary: 'Server time', description: "Answers the server's clock, for the console to show times as the server counts them.", response: answers(record({ serverTime: t.dateTime }), 'The time') },
};
