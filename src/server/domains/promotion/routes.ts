// The promotion phone pair (SPEC §7 Other), open to visitors who are not customers yet:
//   GET  /system/promotion/checkPhone?phoneNo=       is the number valid and not saved yet
//   POST /system/promotion/savePhone?phoneNo=&code=  saves it once, after an SMS code (scene
//        promotion, sent by POST /smscode) proved the visitor holds it.
import type { FastifyInstance } from 'fastify';
import type { PromotionPhoneView } from '../../../shared/promotion';
import type { AppContext } from '../../context';
import { promotionLeads } from '../../db/schema';
import { fieldError } from '../../errors';
import { ok } from '../../plugins/envelope';
import { validateBody } from '../../validate';
import { phoneRule, smsCodeRule } from '../auth/rules';
import { consumeSmsCode } from '../../sms/codes';
import { PROMOTION_SAVED, promotionSavedAt } from './leads';
import { promotionSchemas as S } from './schemas';

export default async function promotionRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;

  app.get('/system/promotion/checkPhone', { schema: S.checkPhone, config: { rateLimit: { rule: 'promotion' } } }, async (req) => {
    const { phoneNo } = validateBody(req.query, { phoneNo: phoneRule });
    const savedAt = await promotionSavedAt(db, phoneNo);
    const data: PromotionPhoneView = { phoneNo, saved: savedAt !== null, savedAt: savedAt?.toISOString() ?? null };
    return ok(req, data);
  });

  app.post('/system/promotion/savePhone', { schema: S.savePhone, config: { rateLimit: { rule: 'promotion' } } }, async (req) => {
    const { phoneNo, code } = validateBody(req.query, { phoneNo: phoneRule, code: smsCodeRule });
    // A saved number is refused before its code is spent.
    if (await promotionSavedAt(db, phoneNo)) throw fieldError({ phoneNo: PROMOTION_SAVED });
    await consumeSmsCode(ctx, phoneNo, 'promotion', code);
    // The primary key settles two saves racing with two codes: the second inserts nothing.
    const [saved] = await db.insert(promotionLeads).values({ phone: phoneNo, createdAt: clock.now() }).onConflictDoNothing().returning();
    if (!saved) throw fieldError({ phoneNo: PROMOTION_SAVED });
    const data: PromotionPhoneView = { phoneNo, saved: true, savedAt: saved.createdAt.toISOString() };
    return ok(req, data);
  });
}
