import { http } from './http';

// The hand-off's one call (GET /api/meta/origins: variant id -> served origin). It runs on the
// signed-out side too (main platform login, hand-off receiver), without refine, like publicApi.ts.

export const fetchServedOrigins = () => http.get<Record<string, string>>('/meta/origins', { silent: true });
