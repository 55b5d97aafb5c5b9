// Development aid (never registered in production): what the console SMS provider "sent"
// and the answers of recent captchas, newest first, so people and browser tests can sign up.
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import type { OutboxResponse } from '../../../shared/api';
import type { SmsScene } from '../../../shared/constants';
import type { AppContext } from '../../context';
import { captchas, smsOutbox } from '../../db/schema';
import { ok } from '../../plugins/envelope';
import { devSchemas as S } from './schemas';

export default async function devRoutes(app: FastifyInstance, ctx: AppContext) {
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
}
