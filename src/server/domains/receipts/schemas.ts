// Route schemas of the receipts (docs/decisions.md "Route schemas").
import { answers, obj, str, uuid } from '../../openapi/kit';

const tags = ['receipts'];
// Any text: a template that does not print this transfer is a 404, like an unknown transfer.
const template = str(40, { description: "The receipt template (Chainpayment, ReleaseReceipt, ...); the transfer kind's default when left out" });
const transferParams = obj({ transferId: uuid }, ['transferId']);

export const receiptSchemas = {
  one: {
    tags,
    summary: 'The receipt of one ledger transfer (its parties and platform operations; others 404)',
    params: transferParams,
    querystring: obj({ template }),
  },
  ofRecord: {
    tags,
    summary: "The receipts of a record's transfers the caller may read (a contract, a withdrawal)",
    querystring: obj({ resource: str(48), id: uuid }, ['resource', 'id']),
    response: answers({ type: 'array', items: { type: 'object', description: 'A receipt, as GET /api/receipts/{transferId} answers it' } }, "The record's receipts, oldest first", { 404: 'No such record the caller may read' }),
  },
  verify: {
    tags,
    security: [],
    summary: 'Public verification of a receipt: whether it is genuine, with only what the receipt shows (no sign-in)',
    params: transferParams,
    querystring: obj({ template }),
  },
};
