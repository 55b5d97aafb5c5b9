// Route schemas of the promotion phone pair (SPEC §7 Other: phoneNo and code in the query).
import { fields, obj } from '../../openapi/kit';

const tags = ['promotion'];
const phoneNo = { ...fields.phone, description: 'Mainland mobile number' };

export const promotionSchemas = {
  checkPhone: {
    tags,
    summary: 'Whether a phone number can be left for the promotion: a valid mainland mobile number not saved yet',
    querystring: obj({ phoneNo }, ['phoneNo']),
  },
  savePhone: {
    tags,
    summary: 'Leave a phone number for the promotion, proven by an SMS code (scene promotion); once per number',
    querystring: obj({ phoneNo, code: fields.smsCode }, ['phoneNo', 'code']),
  },
};
