// Route schemas of the operator (sub-account) endpoints, SPEC §7 Users.
import { fields, obj, pageProps, str, uuid } from '../../openapi/kit';
import { OPERATOR_TYPES } from '../../../shared/permissions';

const tags = ['operators'];
const operatorType = { type: 'string', enum: [...OPERATOR_TYPES], description: 'Operator type (a role of schemas/permissions.json)' };
const byId = obj({ id: uuid }, ['id']);

export const operatorSchemas = {
  query: { tags, summary: 'The account, its owner and its operators', querystring: obj({}) },
  events: { tags, summary: 'Operator audit log of the account, newest first', querystring: obj({ ...pageProps }) },
  save: {
    tags,
    summary: 'Add an operator (no id; an SMS bind code goes to its phone) or change its name and type (with id)',
    body: obj({ id: uuid, name: str(64), phone: fields.phone, operatorType }),
  },
  sendBindCode: { tags, summary: 'Send a new bind code to an unbound operator (re-bind)', body: byId },
  enable: { tags, summary: 'Enable a disabled operator', body: byId },
  disable: { tags, summary: 'Disable an operator; its sessions end at once', body: byId },
  unbind: { tags, summary: 'Unbind an operator; it cannot sign in until it binds again', body: byId },
  remove: { tags, summary: 'Delete an operator; its phone can register again', body: byId },
  bind: {
    tags,
    summary: 'The operator binds with the SMS code it received and sets its password (no token)',
    body: obj({ phone: fields.phone, code: fields.smsCode, password: fields.password }),
  },
};
