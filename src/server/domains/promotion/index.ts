// The promotion phone pair, open to visitors who are not customers yet.
import type { Domain } from '../../domain';
import promotionRoutes from './routes';

export const promotion: Domain = { name: 'promotion', routes: [promotionRoutes] };
