// A request that moved records answers once the consumers have handled its moves' events: the
// messages and todos of a move are there when the actor's next call asks (delivery.ts explains
// the bounded wait). The moves a request makes are noted by the door (written.ts) while its
// handler runs; before the answer is sent (onSend, errors too: a refused move's transaction has
// ended, so waiting for it costs one read) the request waits for them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Consumer } from './consumer';
import { awaitHandled } from './delivery';
import { trackWrites, type Written } from './written';

export function deliverBeforeAnswer(app: FastifyInstance, db: Db, consumers: readonly Consumer[]): void {
  const written = new WeakMap<FastifyRequest, Written>();
  // From the first preHandler on (after the body is read: a stream's callbacks would not carry the
  // context), the handler runs inside the request's note.
  app.addHook('preHandler', (req, _reply, done) => {
    const w: Written = {};
    written.set(req, w);
    trackWrites(w, done);
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    const upTo = written.get(req)?.upTo;
    if (upTo === undefined) return payload;
    for (const consumer of consumers) {
      // Past the wait the answer goes anyway; the scheduler's drain handles the events soon after.
      if (!(await awaitHandled(db, consumer, upTo))) req.log.warn({ consumer: consumer.name }, 'answered before the consumer handled this request\'s events');
    }
    return payload;
  });
}
