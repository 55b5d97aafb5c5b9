// Agreements: the platform agreement accepted after sign-in, and the personal agreement pages.
import type { Domain } from '../../domain';
import personalAgreementRoutes from './personal';
import agreementRoutes from './routes';

export const agreements: Domain = { name: 'agreements', routes: [agreementRoutes, personalAgreementRoutes] };
