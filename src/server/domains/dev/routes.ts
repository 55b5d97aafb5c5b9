// Development aid (never registered in production): what the console SMS provider "sent"
// and the answers of recent captchas, newest first, so people and browser tests can sign up.
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { OutboxResponse } from '../../../shared/api';
import type { SmsScene } from '../../../shared/constants';
import { OffsetClock } from '../../clock';
import type { DomainContext } from '../../domain';
import { notFound } from '../../errors';
import { captchas, smsOutbox } from '../../db/schema';
import { ok } from '../../plugins/envelope';
import { devSchemas as S } from './schemas';

export default async function devRoutes(app: FastifyInstance, ctx: DomainContext) {
  app.get('/dev/outbox', { schema: S.outbox }, async (req) => {
    const phone = (req.query as { phone?: string }).phone;
    const sms = await ctx.db
      .select()
      .from(smsOutbox)
      .where(phone ? eq(smsOutbox.phone, phone) : undefined)
      .orderBy(desc(smsOutbox.sentAt))
      .limit(50);
    const caps = await ctx.db.select().from(captchas).orderBy(desc(captchas.createdAt)).limit(20);
    const data: OutboxResponse = {
      sms: sms.map((m) => ({ phone: m.phone, code: m.code, scene: m.scene as SmsScene, sentAt: m.sentAt.toISOString() })),
      captcha: caps.map((c) => ({ uuid: c.uuid, answer: c.answer })),
    };
    return ok(req, data);
  });

  // A job's work now (the automatic release, reminders, the daily clearing run): tests run it on
  // two nodes at the same moment to prove it is done once.
  app.post('/dev/tasks/:name', { schema: S.task }, async (req) => {
    const { name } = req.params as { name: string };
    const task = ctx.tasks.get(name);
    if (!task) throw notFound();
    return ok(req, { name, result: await task(ctx, ctx.clock.now()) });
  });
  // Only a process started with TEST_CLOCK=1 has a clock a request may move.
  if (ctx.clock instanceof OffsetClock) {
    const clock = ctx.clock;
    app.post('/dev/clock', { schema: S.clock }, async (req) => {
      clock.advance((req.body as { advanceMs: number }).advanceMs);
      return ok(req, { now: clock.now().toISOString() });
    });
  }
}
