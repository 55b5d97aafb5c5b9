// Todos: an account's open work (opened and closed by domains through src/server/notify).
import type { Domain } from '../../domain';
import todoRoutes from './routes';

export const todos: Domain = { name: 'todos', routes: [todoRoutes] };
