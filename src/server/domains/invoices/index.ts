// Invoices (issue 19, /operator/invoice and /ops/invoices): an account's invoice requests are
// issued by platform operations with the invoice's number, date, amount and file, or rejected;
// the requester is told at each step and downloads the file from the record.
import type { Domain } from '../../domain';
import { issue, reject } from './issue';
import { invoiceNews } from './news';

export const invoices: Domain = {
  name: 'invoices',
  handlers: { 'invoices.issue': issue, 'invoices.reject': reject },
  listeners: { invoiceRequests: invoiceNews },
};
