// Route schemas of the signed-in user's own account endpoints.
import { fields, obj } from '../../openapi/kit';

const tags = ['user'];

export const userSchemas = {
  profile: { tags, summary: 'Profile and role of the signed-in user' },
  info: { tags, summary: 'User and account information' },
  updateMobile: {
    tags,
    summary: 'Change the phone number: oldCode sent to the current phone (scene verify) and code sent to the new one (scene updateMobile)',
    body: obj({ oldCode: fields.smsCode, phone: fields.phone, code: fields.smsCode }),
  },
  updatePassword: { tags, summary: 'Change the password; every session ends', body: obj({ oldPassword: fields.password, password: fields.password }) },
  verifySmsCode: { tags, summary: 'Prove the phone before a sensitive operation', body: obj({ code: fields.smsCode }) },
  deleteAccount: { tags, summary: 'Delete the account (after verifySmsCode)' },
};
