// API keys per enterprise (issue 30 item 4; DESIGN §10 "Machines"): the owner's routes to create
// and revoke them, and the purge of spent request signatures. What a key is to a request (its
// resolution, its rate limit, its signature) is infrastructure: sessions/apiKeys.ts,
// plugins/auth.ts, confirm/requestSignature.ts.
import type { Domain } from '../../domain';
import { purgeUsedSignatures } from '../../confirm/requestSignature';
import apiKeyRoutes from './routes';

export const apiKeys: Domain = {
  name: 'apiKeys',
  routes: [apiKeyRoutes],
  jobs: [{ task: 'apiKeys.purgeSignatures', every: 60_000 }],
  tasks: { 'apiKeys.purgeSignatures': (ctx, now) => purgeUsedSignatures(ctx.db, now) },
};
