// Signed webhooks (issue 30 item 5; DESIGN §10 "Machines"): the owner's endpoints and delivery
// log (routes.ts), and each node's sender (send.ts), kicked every second by the scheduler's job
// and by every request that may have moved records, as it answers. Turning events into
// deliveries is the webhooks consumer's (consumers/webhooks.ts), drained before each send round.
import type { Domain, DomainContext } from '../../domain';
import { drain, pendingUpTo } from '../../consumers/consumer';
import webhookRoutes from './routes';
import { Sender } from './send';

const senders = new WeakMap<DomainContext, Sender>();

/** This node's sender (one per app). */
function senderOf(ctx: DomainContext): Sender {
  let sender = senders.get(ctx);
  if (!sender) {
    const consumer = ctx.webhooks;
    sender = new Sender(ctx.db, ctx.clock, async () => (await pendingUpTo(ctx.db, consumer)) !== undefined && drain(ctx.db, consumer), () => undefined);
    senders.set(ctx, sender);
  }
  return sender;
}

export const webhooks: Domain = {
  name: 'webhooks',
  routes: [webhookRoutes],
  init(app, ctx) {
    const sender = senderOf(ctx);
    app.addHook('onResponse', async (req) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') void sender.kick();
    });
    app.addHook('onClose', async () => sender.close());
  },
  // The job only kicks the sender (a slow receiver must not hold the scheduler's tick): retries are
  // due minutes apart, and a job's moves are sent within 10 s (a request's as it answers).
  jobs: [{ task: 'webhooks.kick', every: 10_000 }],
  tasks: {
    'webhooks.kick': async (ctx) => {
      void senderOf(ctx).kick();
      return 'kicked';
    },
    /** Drains and sends everything due now, and answers when done (tests, operations). */
    'webhooks.send': async (ctx) => {
      await senderOf(ctx).kick();
      return 'sent';
    },
  },
};
