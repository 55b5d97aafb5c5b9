// Platform operations' overview: how much waits in each of their queues.
import type { Domain } from '../../domain';
import opsRoutes from './routes';

export const ops: Domain = { name: 'ops', routes: [opsRoutes] };
