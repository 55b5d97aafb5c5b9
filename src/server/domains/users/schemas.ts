// Route schemas of the signed-in user's own account endpoints.
import { USER_TYPES } from '../../../shared/constants';
import { answers, done, fields, obj, record, t } from '../../openapi/kit';

const tags = ['user'];

/** A role's permission: what the console shows and allows (shared/api.ts PermissionEntry). */
const permission = record(
  {
    permissionId: { type: 'string' },
    actionEntitySet: {
      type: 'array',
      items: obj({ action: { type: 'string' }, describe: { type: 'string' }, defaultCheck: { type: 'boolean' } }, ['action']),
    },
  },
);

/** GET /api/system/users/info (shared/api.ts UserInfo). */
export const userInfo = record({
  id: t.id,
  phone: { type: 'string' },
  maskedPhone: { type: 'string', description: '138****0000' },
  name: { type: 'string' },
  type: { type: 'string', enum: [...USER_TYPES, 'ops'] },
  accountId: t.id,
  accountName: { type: 'string' },
  authStatus: { type: 'string', enum: ['unverified', 'submitted', 'approved', 'rejected'] },
  isOwner: { type: 'boolean', description: "The account's owner (not one of its operators)" },
  createdAt: t.dateTime,
});

export const userSchemas = {
  profile: {
    tags,
    summary: 'Profile and role of the signed-in user',
    description: 'Answers the signed-in user with its role: the permissions the console shows and allows, and the services its account has opened.',
    response: answers(
      record(
        {
          id: t.id,
          name: { type: 'string' },
          avatar: { type: 'string', description: 'Empty: no avatar is kept' },
          role: record({ id: { type: 'string' }, name: { type: 'string' }, permissions: t.list(permission), permissionList: t.list({ type: 'string' }) }, ['permissionList']),
          services: { type: 'array', items: { type: 'string' }, description: 'The services the account has opened (mutual: the mutual-promise service)' },
        },
        ['services'],
      ),
      'The profile',
    ),
  },
  info: {
    tags,
    summary: 'User and account information',
    description: 'Answers the signed-in user, its account, the account\'s authentication status and whether the user is its owner.',
    response: answers(userInfo, 'The user'),
  },
  updateMobile: {
    tags,
    summary: 'Change the phone number: oldCode sent to the current phone (scene verify) and code sent to the new one (scene updateMobile)',
    description: 'Moves the sign-in to a new phone, proved by a code to the current phone and one to the new phone. Answers the new phone masked.',
    body: obj({ oldCode: fields.smsCode, phone: fields.phone, code: fields.smsCode }),
    response: answers(record({ maskedPhone: { type: 'string' } }), 'Changed', { 409: 'The phone was registered by a request at the same moment' }),
  },
  updatePassword: {
    tags,
    summary: 'Change the password; every session ends',
    description: 'Changes the password, given the current one; every session of the user ends (sign in again). Answers data null.',
    body: obj({ oldPassword: fields.password, password: fields.password }),
    response: answers(done, 'Changed'),
  },
  verifySmsCode: {
    tags,
    summary: 'Prove the phone before a sensitive operation',
    description: 'Checks a verify code sent to the user\'s own phone; a sensitive step (deleting the account) may follow for a few minutes. Answers how long the proof lasts.',
    body: obj({ code: fields.smsCode }),
    response: answers(record({ validFor: { type: 'integer', description: 'Seconds the proof lasts' } }), 'Verified'),
  },
  deleteAccount: {
    tags,
    summary: 'Delete the account (after verifySmsCode)',
    description: 'Deletes the signed-in user (after POST verifySmsCode): its sessions end and its phone may register again. Answers data null.',
    response: answers(done, 'Deleted'),
  },
};
