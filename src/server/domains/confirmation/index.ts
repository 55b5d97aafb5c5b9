// How the signed-in user confirms money steps: the payment password and the authenticator app
// (src/server/confirm/ checks them; these routes set them up).
import type { Domain } from '../../domain';
import confirmationRoutes from './routes';

export const confirmation: Domain = { name: 'confirmation', routes: [confirmationRoutes] };
