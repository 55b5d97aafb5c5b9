// Route schemas of sign-in, registration and reset (DESIGN §4 bodies). Types and lengths are
// checked here; what a value must mean (a real mobile number, the password rules) by the rules
// in rules.ts, so every field problem of a form comes back at once with its own message.
import { SMS_SCENES, USER_TYPES } from '../../../shared/constants';
import { fields, obj, str } from '../../openapi/kit';

const tags = ['auth'];

export const authSchemas = {
  captchaImage: { tags, summary: 'Image captcha for password sign-in' },
  smscode: { tags, summary: 'Send an SMS verification code', body: obj({ phone: fields.phone, scene: str(32, { description: `One of ${SMS_SCENES.join(', ')}` }) }) },
  register: {
    tags,
    summary: 'Register a personal or enterprise account',
    body: obj({
      userType: str(32, { description: `One of ${USER_TYPES.join(', ')}` }),
      enterpriseName: str(200, { description: 'Required for an enterprise, at most 100 characters' }),
      phone: fields.phone,
      code: fields.smsCode,
      password: fields.password,
      agree: { type: 'boolean', description: 'Agreement accepted; must be true' },
    }),
  },
  login: {
    tags,
    summary: 'Sign in with phone, password and image captcha',
    body: obj({ username: fields.phone, password: fields.password, uuid: str(64), captchaCode: str(16) }),
  },
  logincode: { tags, summary: 'Sign in with an SMS code', body: obj({ phone: fields.phone, code: fields.smsCode }) },
  reset: { tags, summary: 'Reset the password with an SMS code', body: obj({ phone: fields.phone, code: fields.smsCode, password: fields.password }) },
  logout: { tags, summary: 'Sign out: the token is revoked' },
};
