// The server's domains, one folder each: app.ts registers their routes under /api in this order,
// and their listeners of one resource run in this order. Adding a domain = a folder with an
// index.ts exporting its Domain object (src/server/domain.ts), and a line here.
import type { Domain } from '../domain';
import { agreements } from './agreements';
import { apiKeys } from './apiKeys';
import { auth } from './auth';
import { authentication } from './authentication';
import { coindays } from './coindays';
import { confirmation } from './confirmation';
import { counterparties } from './counterparties';
import { demo } from './demo';
import { dev } from './dev';
import { files } from './files';
import { funds } from './funds';
import { invoices } from './invoices';
import { listViews } from './listViews';
import { messages } from './messages';
import { notices } from './notices';
import { operators } from './operators';
import { ops } from './ops';
import { promotion } from './promotion';
import { receipts } from './receipts';
import { requests } from './requests';
import { reportCharts } from './reportCharts';
import { settlement } from './settlement';
import { todos } from './todos';
import { trading } from './trading';
import { users } from './users';
import { webhooks } from './webhooks';

export const domains: readonly Domain[] = [
  auth,
  users,
  confirmation,
  operators,
  apiKeys,
  webhooks,
  notices,
  messages,
  todos,
  listViews,
  agreements,
  counterparties,
  promotion,
  files,
  authentication,
  ops,
  trading,
  funds,
  coindays,
  invoices,
  reportCharts,
  settlement,
  requests,
  receipts,
  dev,
  demo,
];
