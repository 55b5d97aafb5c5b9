// Operators (sub-accounts) of an account: add, bind, edit, enable, disable, delete.
import type { Domain } from '../../domain';
import operatorRoutes from './routes';

export const operators: Domain = { name: 'operators', routes: [operatorRoutes] };
