// The demo world (`npm start -- --demo`): the seeder (seed.ts, world.ts, a client of the running
// server's own API) is run by main.ts; the domain itself serves GET /api/meta/demo, which lists
// the demo logins on the login page while the server runs with --demo.
import type { Domain } from '../../domain';
import demoRoutes from './routes';

export const demo: Domain = { name: 'demo', routes: [demoRoutes] };
