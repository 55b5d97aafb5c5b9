// Route schemas of the operator (sub-account) endpoints, SPEC §7 Users.
import { answers, done, fields, obj, pageProps, record, str, t, uuid } from '../../openapi/kit';
import { OPERATOR_TYPES } from '../../../shared/permissions';

const tags = ['operators'];
const operatorType = { type: 'string', enum: [...OPERATOR_TYPES], description: 'Operator type (a role of schemas/permissions.json)' };
const byId = obj({ id: uuid }, ['id']);
const noOperator = { 404: 'No such operator of the caller\'s account' };

/** An operator as the owner sees it (shared/operators.ts OperatorView). */
const operator = record({
  id: t.id,
  name: { type: 'string' },
  phone: { type: 'string', description: 'The full number for the owner, masked for everyone else' },
  operatorType: { type: 'string' },
  status: { type: 'string', enum: ['active', 'disabled'] },
  bound: { type: 'boolean', description: 'It has bound its phone and set its password' },
  createdAt: t.dateTime,
});

export const operatorSchemas = {
  query: {
    tags,
    summary: 'The account, its owner and its operators',
    description: "Answers the caller's account, its owner (phone masked), whether the caller may manage operators, and every operator of the account.",
    querystring: obj({}),
    response: answers(
      record({
        account: record({ id: t.id, name: { type: 'string' }, type: { type: 'string' }, authStatus: { type: 'string', enum: ['unverified', 'submitted', 'approved', 'rejected'] } }),
        owner: record({ name: { type: 'string' }, maskedPhone: { type: 'string' } }),
        canManage: { type: 'boolean' },
        records: t.list(operator),
        total: { type: 'integer', minimum: 0 },
      }),
      'The operators',
    ),
  },
  events: {
    tags,
    summary: 'Operator audit log of the account, newest first',
    description: 'Answers a page of what was done to the operators of the account (added, edited, enabled, disabled, bound, unbound, deleted), by whom and when, newest first.',
    querystring: obj({ ...pageProps }),
    response: answers(
      t.page(record({ id: t.id, action: { type: 'string' }, actorName: { type: 'string' }, targetName: { type: 'string' }, detail: { type: 'object', additionalProperties: { type: 'string' } }, createdAt: t.dateTime })),
      'A page of the log',
    ),
  },
  save: {
    tags,
    summary: 'Add an operator (no id; an SMS bind code goes to its phone) or change its name and type (with id)',
    description: 'Without id: adds an operator and sends a bind code to its phone (answers it with the seconds until another code may be sent). With id: changes its name and operator type. Owner only.',
    body: obj({ id: uuid, name: str(64), phone: fields.phone, operatorType }),
    response: answers(
      { ...operator, properties: { ...(operator.properties as object), retryAfter: { type: 'integer', description: 'When added: seconds until another bind code may be sent' } } },
      'The operator',
      { ...noOperator, 409: 'The phone was registered by a request at the same moment', 429: 'A code went to this phone less than 60 s ago' },
    ),
  },
  sendBindCode: {
    tags,
    summary: 'Send a new bind code to an unbound operator (re-bind)',
    description: 'Sends a new bind code to an operator that has not bound its phone. Owner only. Answers the seconds until another may be sent.',
    body: byId,
    response: answers(record({ retryAfter: { type: 'integer' } }), 'Sent', { ...noOperator, 409: 'The operator is bound already', 429: 'A code went to this phone less than 60 s ago' }),
  },
  enable: { tags, summary: 'Enable a disabled operator', description: 'Lets a disabled operator sign in again. Owner only. Answers data null.', body: byId, response: answers(done, 'Enabled', noOperator) },
  disable: { tags, summary: 'Disable an operator; its sessions end at once', description: 'Stops an operator signing in; its sessions end at once. Owner only. Answers data null.', body: byId, response: answers(done, 'Disabled', noOperator) },
  unbind: { tags, summary: 'Unbind an operator; it cannot sign in until it binds again', description: 'Unbinds an operator: it cannot sign in until it binds again with a new code. Owner only. Answers data null.', body: byId, response: answers(done, 'Unbound', noOperator) },
  remove: { tags, summary: 'Delete an operator; its phone can register again', description: 'Deletes an operator; its phone may register or be added again. Owner only. Answers data null.', body: byId, response: answers(done, 'Deleted', noOperator) },
  bind: {
    tags,
    security: [],
    summary: 'The operator binds with the SMS code it received and sets its password (no token)',
    description: 'The operator proves its phone with the bind code it received and chooses its password; it may then sign in. Answers data null.',
    body: obj({ phone: fields.phone, code: fields.smsCode, password: fields.password }),
    response: answers(done, 'Bound'),
  },
};
