// Route schemas of the todo endpoints (and their older /system/order names).
import { obj, pageProps } from '../../openapi/kit';

const tags = ['todos'];
const businessType = { enum: ['0', '1', 0, 1, '', null], description: "'1' the mutual variant, '0' (default) the others" };

export const todoSchemas = {
  count: { tags, summary: 'Number of open todos', body: obj({ businessType }) },
  list: {
    tags,
    summary: 'Todos, newest first: open ones unless status asks for done or all',
    body: obj({ ...pageProps, businessType, status: { enum: ['open', 'done', 'all'], description: "'open' (default), 'done' or 'all'" } }),
  },
  userList: { tags, summary: "Open todos the caller's operator type can act on (their business page is within its grants)", body: obj({ ...pageProps, businessType }) },
  checkTime: { tags, summary: 'Server time' },
};
