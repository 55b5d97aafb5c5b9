// Invoices (issue 19, /operator/invoice and /ops/invoices): an account's invoice requests are
// issued by platform operations with the invoice's number, date, amount and file, or rejected;
// the requester is told at each step and downloads the file from the record. A request is held to
// what can still be invoiced when it is made (request.ts).
import type { Domain } from '../../domain';
import { issue, reject } from './issue';
import { invoiceNews } from './news';
import { requestInvoice } from './request';

export const invoices: Domain = {
  name: 'invoices',
  handlers: { 'invoices.issue': issue, 'invoices.reject': reject },
  createHandlers: { 'invoices.request': requestInvoice },
  news: { invoiceRequests: invoiceNews },
};
