// The signed-in user: profile, phone and password changes, account deletion.
import type { Domain } from '../../domain';
import userRoutes from './routes';

export const users: Domain = { name: 'users', routes: [userRoutes] };
