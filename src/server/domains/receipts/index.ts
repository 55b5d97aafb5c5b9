// Receipts of ledger transfers: per transfer, per record, and the public verification page.
import type { Domain } from '../../domain';
import receiptRoutes from './routes';

export const receipts: Domain = { name: 'receipts', routes: [receiptRoutes] };
