// Setting up confirmation (DESIGN §10 "Confirming money"), for the signed-in user:
//   GET  /api/confirm/settings          what is set up, the last method used, locks, the SMS-only amount
//   POST /api/confirm/paymentPassword   {code, password}: set or reset the payment password with an
//                                       SMS code to the user's own phone (scene verify); lifts a lock
//   POST /api/confirm/totp/offer        a new authenticator secret and its otpauth:// URI (the QR code)
//   POST /api/confirm/totp/bind         {code, confirmMethod?, smsCode? | paymentPassword?}: binds the
//                                       offered secret with a current code of it, confirmed by the user
//   POST /api/confirm/totp/unbind       {confirmMethod?, smsCode? | paymentPassword? | totpCode?}
import type { FastifyInstance } from 'fastify';
import { TOTP_BIND_TTL_MS, TOTP_CODE_INPUT, TOTP_DIGITS, paymentPasswordProblem } from '../../../shared/confirm';
import { maskPhone } from '../../../shared/validators';
import type { AppContext } from '../../context';
import { bindTotp, confirmBodyProperties, confirmationRow, confirmMoneyStep, confirmSettings, offerTotp, setPaymentPassword, unbindTotp } from '../../confirm';
import { fieldError } from '../../errors';
import { answers, fields, nullable, obj, record, str } from '../../openapi/kit';
import { currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { consumeSmsCode, countingWrongTries } from '../../sms/codes';
import { validateBody } from '../../validate';
import { smsCodeRule } from '../auth/rules';

const tags = ['confirmation'];
/** The confirmation a change of the authenticator takes: the same inputs as a money step's. */
const confirmProps = confirmBodyProperties;
/** What the user has set up (confirm/index.ts ConfirmSettings): every answer here but the offer. */
const settings = record({
  paymentPassword: { type: 'boolean', description: 'A payment password is set' },
  totp: { type: 'boolean', description: 'An authenticator is bound' },
  lastMethod: nullable({ type: 'string', enum: ['sms', 'password', 'totp'], description: 'The method last used, offered first' }),
  passwordLockedMinutes: nullable({ type: 'integer', minimum: 1, description: 'Minutes the payment password stays locked after wrong tries' }),
  totpLockedMinutes: nullable({ type: 'integer', minimum: 1 }),
  smsAbove: nullable({ type: 'string', format: 'money', description: 'Amounts above this are confirmed by SMS only; null when no such limit' }),
});
const S = {
  settings: {
    tags,
    summary: 'How I may confirm money steps: payment password and authenticator set up, the last method used, locks, the amount above which only SMS confirms',
    description: "Answers how the signed-in user may confirm money steps: whether a payment password is set and an authenticator bound, the method last used, any lock, and the amount above which only an SMS code confirms.",
    response: answers(settings, 'The settings'),
  },
  paymentPassword: {
    tags,
    summary: 'Set or reset my payment password (6 digits) with an SMS code sent to my own phone (scene verify); lifts a lock',
    description: 'Sets or resets the payment password, proved by a verify SMS code to the user\'s own phone; lifts a lock. Answers the settings.',
    body: obj({ code: fields.smsCode, password: str(64, { description: '6 digits, not one digit repeated nor a run' }) }, ['code', 'password']),
    response: answers(settings, 'Set'),
  },
  offer: {
    tags,
    summary: 'Offer a new authenticator secret for binding: the secret and its otpauth:// URI for the QR code (valid 10 minutes)',
    description: 'Offers a new authenticator secret (replacing an earlier offer) for 10 minutes. Answers the secret and its otpauth:// URI for the QR code.',
    response: answers(record({ secret: { type: 'string', description: 'Base32' }, uri: { type: 'string', description: 'otpauth://totp/...' } }), 'The offer'),
  },
  bind: {
    tags,
    summary: 'Bind the offered authenticator with a code it shows now, confirmed with my payment password or an SMS code',
    description: 'Binds the offered authenticator, given a code it shows now, confirmed like a money step. Answers the settings.',
    body: obj({ code: str(16, { description: `The ${TOTP_DIGITS} digits the authenticator shows` }), ...confirmProps }, ['code']),
    response: answers(settings, 'Bound'),
  },
  unbind: {
    tags,
    summary: 'Unbind my authenticator, confirmed with its code, my payment password or an SMS code',
    description: 'Unbinds the authenticator, confirmed with its code, the payment password or an SMS code. Answers the settings.',
    body: obj(confirmProps),
    response: answers(settings, 'Unbound'),
  },
};

export default async function confirmationRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, clock } = ctx;
  app.addHook('preValidation', app.requireAuth);

  app.get('/confirm/settings', { schema: S.settings }, async (req) => ok(req, await confirmSettings(db, ctx.config, currentUser(req).id, clock.now())));

  app.post('/confirm/paymentPassword', { schema: S.paymentPassword }, async (req) => {
    const me = currentUser(req);
    const body = validateBody(req.body, { code: smsCodeRule, password: (v) => (v ? paymentPasswordProblem(v) : 'validation:required') });
    await consumeSmsCode(ctx, me.phone ?? '', 'verify', body.code);
    await setPaymentPassword(db, me.id, body.password, clock.now());
    return ok(req, await confirmSettings(db, ctx.config, me.id, clock.now()));
  });

  app.post('/confirm/totp/offer', { schema: S.offer }, async (req) => {
    const me = currentUser(req);
    return ok(req, await offerTotp(db, { id: me.id, label: maskPhone(me.phone ?? '') || me.name }, clock.now()));
  });

  app.post('/confirm/totp/bind', { schema: S.bind }, async (req) => {
    const me = currentUser(req);
    const input = (req.body ?? {}) as Record<string, unknown>;
    const code = typeof input.code === 'string' ? input.code : '';
    if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) throw fieldError({ code: code ? 'totpBindWrong' : 'validation:required' });
    const now = clock.now();
    await countingWrongTries(db, () =>
      db.transaction(async (tx) => {
        await confirmMoneyStep(tx, ctx, { user: me, input, now, scene: 'bind' });
        await bindTotp(tx, me.id, code, now, TOTP_BIND_TTL_MS);
      }),
    );
    return ok(req, await confirmSettings(db, ctx.config, me.id, clock.now()));
  });

  app.post('/confirm/totp/unbind', { schema: S.unbind }, async (req) => {
    const me = currentUser(req);
    const input = (req.body ?? {}) as Record<string, unknown>;
    const now = clock.now();
    await countingWrongTries(db, () =>
      db.transaction(async (tx) => {
        if (!(await confirmationRow(tx, me.id))?.totpSecret) throw fieldError({ [TOTP_CODE_INPUT]: 'totpNotBound' });
        await confirmMoneyStep(tx, ctx, { user: me, input, now, scene: 'unbind' });
        await unbindTotp(tx, me.id, now);
      }),
    );
    return ok(req, await confirmSettings(db, ctx.config, me.id, clock.now()));
  });
}
