// Counterparties: an account finds another to trade with and reads its introduction.
import type { Domain } from '../../domain';
import counterpartyRoutes from './routes';

export const counterparties: Domain = { name: 'counterparties', routes: [counterpartyRoutes] };
