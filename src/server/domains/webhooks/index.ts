// Signed webhooks (issue 30 item 5; DESIGN §10 "Machines"): the owner's endpoints and delivery
// log (routes.ts), and each node's sender (send.ts), kicked every 10 s by the scheduler's job
// and by every request that may have moved records, as it answers. Turning events into
// deliveries is the webhooks consumer's (consumers/webhooks.ts), drained before each send round.
import type { Domain, DomainContext } from '../../domain';
import { catchUp } from '../../consumers/delivery';
import webhookRoutes from './routes';
import { Sender } from './send';

const senders = new WeakMap<DomainContext, Sender>();

/** This node's sender (one per app; made by init, which names where its failures are logged). */
function senderOf(ctx: DomainContext, onError: (err: unknown) => void = () => undefined): Sender {
  let sender = senders.get(ctx);
  if (!sender) {
    const consumer = ctx.webhooks;
    // Before a round: every event committed so far turned into its deliveries, by this node's drain
    // or another's, waiting (bounded) while an older transaction holds the stream's horizon
    // (consumers/delivery.ts catchUp): a kick that found its move's event not yet readable, or
    // being drained by the scheduler, would otherwise leave it to the next kick, seconds later.
    sender = new Sender(ctx.db, ctx.clock, () => catchUp(ctx.db, consumer), onError, { publicOnly: ctx.config.production });
    senders.set(ctx, sender);
  }
  return sender;
}

export const webhooks: Domain = {
  name: 'webhooks',
  routes: [webhookRoutes],
  init(app, ctx) {
    // A failed round (a lost connection) is logged; its deliveries stay due and the next kick sends them.
    const sender = senderOf(ctx, (err) => app.log.warn({ err: (err as Error).message }, 'webhook sender failed'));
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
