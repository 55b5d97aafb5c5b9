// Enterprise and personal authentication: submitted by the owner, reviewed by ops.
import type { Domain } from '../../domain';
import authenticationRoutes from './routes';

export const authentication: Domain = { name: 'authentication', routes: [authenticationRoutes] };
