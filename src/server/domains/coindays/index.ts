// Coin-days (/operator/currency; DESIGN §9): the SPEC §7 endpoints that sum a wallet's
// end-of-day available balances over a period, computed from the ledger's statement lines.
import type { Domain } from '../../domain';
import { COINDAYS_INVARIANTS } from './invariants';
import coinDaysRoutes from './routes';

export const coindays: Domain = { name: 'coindays', routes: [coinDaysRoutes], invariants: COINDAYS_INVARIANTS };
