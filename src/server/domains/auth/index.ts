// Sign-in, registration, password reset, SMS codes and captchas (the routes; codes are src/server/sms/codes.ts).
import type { Domain } from '../../domain';
import authRoutes from './routes';

export const auth: Domain = { name: 'auth', routes: [authRoutes] };
