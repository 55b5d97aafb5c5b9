// Route schemas of the promotion phone pair (SPEC §7 Other: phoneNo and code in the query).
import { answers, fields, nullable, obj, record, t } from '../../openapi/kit';

const tags = ['promotion'];
const phoneNo = { ...fields.phone, description: 'Mainland mobile number' };
const lead = record({ phoneNo: { type: 'string' }, saved: { type: 'boolean' }, savedAt: nullable(t.dateTime) });

export const promotionSchemas = {
  checkPhone: {
    tags,
    security: [],
    summary: 'Whether a phone number can be left for the promotion: a valid mainland mobile number not saved yet',
    description: 'Answers whether the number was left already, and when; a number that is not a mainland mobile is a 400.',
    querystring: obj({ phoneNo }, ['phoneNo']),
    response: answers(lead, 'The number'),
  },
  savePhone: {
    tags,
    security: [],
    summary: 'Leave a phone number for the promotion, proven by an SMS code (scene promotion); once per number',
    description: 'Keeps the number for a call back, proved by a promotion SMS code; a number is kept once. Answers it with when it was kept.',
    querystring: obj({ phoneNo, code: fields.smsCode }, ['phoneNo', 'code']),
    response: answers(lead, 'Kept'),
  },
};
