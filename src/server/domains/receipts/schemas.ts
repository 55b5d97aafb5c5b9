// Route schemas of the receipts (docs/decisions.md "Route schemas").
import { RECEIPT_STATUSES, RECEIPT_TEMPLATES } from '../../../shared/receipts';
import { answers, obj, record, str, t, uuid, type JsonSchema } from '../../openapi/kit';

const tags = ['receipts'];
// Any text: a template that does not print this transfer is a 404, like an unknown transfer.
const template = str(40, { description: "The receipt template (Chainpayment, ReleaseReceipt, ...); the transfer kind's default when left out" });
const transferParams = obj({ transferId: uuid }, ['transferId']);
const notFound = { 404: 'No such receipt the caller may read' };

const money = { type: 'string', format: 'money' };
const yuan = { type: 'string', pattern: '^-?\\d+\\.\\d{2}$', description: 'Yuan, two decimals; negative when paid out' };
const templateName = { type: 'string', enum: [...RECEIPT_TEMPLATES] };
const party = obj({ kind: { type: 'string', enum: ['account', 'platform', 'bank'] }, name: { type: 'string' }, detail: { type: 'string', description: "The platform account's code, or the bank and masked account number" } }, ['kind', 'name']);
const delay = record({ fromDay: t.date, toDay: t.date, reason: { type: 'string' } });

/** What every receipt prints (shared/receipts.ts ReceiptView and EventReceiptView). */
const printed: Record<string, JsonSchema> = {
  template: templateName,
  number: { type: 'string', description: 'LSF, the China day and 12 hex digits of the id' },
  kind: { type: 'string', description: 'The transfer kind, or the recorded step (delay)' },
  amount: money,
  capitals: { type: 'string', description: 'The amount in Chinese capitals' },
  payer: party,
  payee: party,
  time: t.dateTime,
  status: { type: 'string', enum: [...RECEIPT_STATUSES] },
  reference: obj({ resource: { type: 'string' }, id: { type: 'string' }, number: { type: 'string' }, title: { type: 'string' }, path: { type: 'string', description: 'The console page of the record' } }, ['resource', 'id', 'number', 'path']),
  verifyUrl: { type: 'string', description: 'The public verification page (the QR code)' },
  run: obj(
    {
      runId: uuid,
      netPosition: yuan,
      settled: yuan,
      unsettled: yuan,
      unsettledReason: { type: 'string', enum: ['insufficientBalance', 'counterpartyUnsettled'] },
      bills: t.list(record({ billId: uuid, title: { type: 'string' }, payer: { type: 'string' }, payee: { type: 'string' }, open: money, cleared: money, settled: money })),
    },
    ['runId', 'netPosition', 'settled', 'unsettled', 'bills'],
  ),
  chain: record({ rootBillId: uuid, links: t.list(record({ billId: uuid, holder: { type: 'string' }, amount: money, at: t.dateTime })) }),
};
const required = ['template', 'number', 'kind', 'amount', 'capitals', 'payer', 'payee', 'time', 'status', 'reference', 'verifyUrl'];
const transferReceipt = obj({ transferId: uuid, ...printed, lines: t.list(record({ billId: uuid, title: { type: 'string' }, payee: { type: 'string' }, amount: money })) }, ['transferId', ...required]);
const eventReceipt = obj({ eventId: uuid, ...printed, delay }, ['eventId', 'delay', ...required]);

export const receiptSchemas = {
  one: {
    tags,
    summary: 'The receipt of one ledger transfer (its parties and platform operations; others 404)',
    description: "Answers the receipt of a ledger transfer (or of a recorded step, a bill's delay) as it prints: number, amount in figures and capitals, payer, payee, time, the record it belongs to and the public verification URL. Only the transfer's parties and platform operations read it.",
    params: transferParams,
    querystring: obj({ template }),
    response: answers({ anyOf: [transferReceipt, eventReceipt] }, 'The receipt', notFound),
  },
  ofRecord: {
    tags,
    summary: "The receipts of a record's transfers the caller may read (a contract, a withdrawal)",
    description: "Answers the receipts of a record's transfers and steps the caller may read, oldest first, each with its template and console path.",
    querystring: obj({ resource: str(48), id: uuid }, ['resource', 'id']),
    response: answers(
      t.list({
        anyOf: [
          record({ transferId: uuid, kind: { type: 'string' }, template: templateName, amount: money, time: t.dateTime, path: { type: 'string' } }),
          record({ eventId: uuid, kind: { type: 'string' }, template: templateName, amount: money, time: t.dateTime, path: { type: 'string' } }),
        ],
      }),
      "The record's receipts, oldest first",
      { 404: 'No such record the caller may read' },
    ),
  },
  verify: {
    tags,
    security: [],
    summary: 'Public verification of a receipt: whether it is genuine, with only what the receipt shows (no sign-in)',
    description: 'Says whether a receipt is genuine, for anyone holding its link, with only what the printed receipt shows: number, amount, payer and payee names, time. An unknown id or template is a 404.',
    params: transferParams,
    querystring: obj({ template }),
    response: answers(
      obj(
        { genuine: { type: 'boolean', const: true }, template: templateName, number: { type: 'string' }, amount: money, capitals: { type: 'string' }, payer: { type: 'string' }, payee: { type: 'string' }, time: t.dateTime, kind: { type: 'string' }, delay },
        ['genuine', 'template', 'number', 'amount', 'capitals', 'payer', 'payee', 'time'],
      ),
      'Genuine',
      { 404: 'No such receipt' },
    ),
  },
};
