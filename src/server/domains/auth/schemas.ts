// Route schemas of sign-in, registration and reset (DESIGN §4 bodies). Types and lengths are
// checked here; what a value must mean (a real mobile number, the password rules) by the rules
// in rules.ts, so every field problem of a form comes back at once with its own message.
// Required fields and allowed values are the rules' (a missing field is reported with the others),
// and said in each field's description. Every route here but logout is public (`security: []`): it is how a caller gets a token.
import { SMS_SCENES, TOKEN_LIFETIME_MS, USER_TYPES } from '../../../shared/constants';
import { answers, done, fields, obj, record, str, t } from '../../openapi/kit';

const tags = ['auth'];
const security: never[] = [];

/** A session token (TokenResponse): what every sign-in answers. */
const token = record({
  access_token: { type: 'string', description: 'Send it as the Authorization header' },
  expires_in: { type: 'integer', description: `Seconds the token stays valid (${TOKEN_LIFETIME_MS / 1000})` },
});

export const authSchemas = {
  captchaImage: {
    tags,
    security,
    summary: 'Image captcha for password sign-in',
    description: 'Makes a new image captcha, valid for one sign-in try. Answers its uuid (send it with the answer to POST /api/login) and the image as a data URL.',
    response: answers(record({ uuid: t.id, img: { type: 'string', description: 'data:image/svg+xml;base64,... for an <img src>' } }), 'The captcha'),
  },
  smscode: {
    tags,
    security,
    summary: 'Send an SMS verification code',
    description:
      'Sends a 6-digit code to the phone for one scene (register, login, reset, promotion need no token; updateMobile, verify and bindSubAccount need the session of the user asking). ' +
      'A phone gets one code per 60 s (a second send is a 429 with Retry-After) and a capped number per China day. Answers how long until another code may be sent.',
    body: obj({ phone: fields.phone, scene: str(32, { description: `What the code is for: one of ${SMS_SCENES.join(', ')}` }) }),
    response: answers(record({ retryAfter: { type: 'integer', description: 'Seconds until another code may be sent to this phone' } }), 'Sent', {
      401: 'A scene that needs a session (updateMobile, verify, bindSubAccount) without one',
      403: 'The account of the phone is disabled or its operator not bound (scene login)',
      429: 'A code was sent to this phone less than 60 s ago, or the day cap is reached: wait Retry-After seconds',
    }),
  },
  register: {
    tags,
    security,
    summary: 'Register a personal or enterprise account',
    description: 'Creates an account and its owner from a phone proved by a register SMS code. Answers the new user id; sign in next.',
    body: obj(
      {
        userType: str(32, { description: `One of ${USER_TYPES.join(', ')}` }),
        enterpriseName: str(200, { description: 'Required for an enterprise, at most 100 characters' }),
        phone: fields.phone,
        code: fields.smsCode,
        password: fields.password,
        agree: { type: 'boolean', description: 'Agreement accepted; must be true' },
      },
    ),
    response: answers(record({ userId: t.id }), 'Registered', { 409: 'The phone was registered by a request at the same moment' }),
  },
  login: {
    tags,
    security,
    summary: 'Sign in with phone, password and image captcha',
    description: 'Signs in with the phone, the password and the answer to a captcha of GET /api/captchaImage. Five wrong passwords in a row lock the user for 15 minutes (429 with Retry-After). Answers a session token.',
    body: obj({ username: fields.phone, password: fields.password, uuid: str(64, { description: 'The captcha uuid' }), captchaCode: str(16, { description: 'The characters of the captcha image' }) }),
    response: answers(token, 'Signed in', { 403: 'The account is disabled or the operator not yet bound', 429: 'Locked after five wrong passwords: wait Retry-After seconds' }),
  },
  logincode: {
    tags,
    security,
    summary: 'Sign in with an SMS code',
    description: 'Signs in with the phone and a login SMS code. Answers a session token.',
    body: obj({ phone: fields.phone, code: fields.smsCode }),
    response: answers(token, 'Signed in', { 403: 'The account is disabled or the operator not yet bound' }),
  },
  reset: {
    tags,
    security,
    summary: 'Reset the password with an SMS code',
    description: "Sets a new password for the phone proved by a reset SMS code, lifts a sign-in lock and ends every session of the user. Answers data null.",
    body: obj({ phone: fields.phone, code: fields.smsCode, password: fields.password }),
    response: answers(done, 'Password reset'),
  },
  logout: {
    tags,
    summary: 'Sign out: the token is revoked',
    description: 'Revokes the session token of the request. Answers data null.',
    response: answers(done, 'Signed out'),
  },
};
