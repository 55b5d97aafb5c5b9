// The message centre: a user's messages (written by domains through src/server/notify).
import type { Domain } from '../../domain';
import messageRoutes from './routes';

export const messages: Domain = { name: 'messages', routes: [messageRoutes] };
