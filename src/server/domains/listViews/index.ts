// Saved list views and per-user list columns (issue 32 items 1 and 2): what a person sets up on
// a list, kept on the server so another browser shows the same (routes.ts).
import type { Domain } from '../../domain';
import listViewRoutes from './routes';

export const listViews: Domain = { name: 'listViews', routes: [listViewRoutes] };
