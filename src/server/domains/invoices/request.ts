// Requesting an invoice (issue 28 item 7): what can be invoiced is checked when the request is
// made, not only when ops issue it, so a request that could never be issued is refused with what
// is left, on its amount. Left: under a contract, the contract's amount; without one, the service
// fees the account paid the platform (issue.ts feesPaidFen); less the invoices already issued and
// the requests still waiting, under the same contract or likewise without one. The amount and the
// contract cannot change on edit (the resource file's readOnlyOnEdit), so the check holds.
import { formatMoney, yuanToFen } from '../../../shared/money';
import { fieldError } from '../../errors';
import type { CreateHandler } from '../../resources/handlers';
import { contractFen, feesPaidFen, invoicedFen } from './issue';

export const requestInvoice: CreateHandler = async ({ tx, data, accountId }) => {
  // The record's own checks (format, more than 0) have passed.
  const amount = yuanToFen(String(data.amount));
  const contractId = typeof data.contractId === 'string' && data.contractId ? data.contractId : null;
  const base = contractId ? await contractFen(tx, contractId) : await feesPaidFen(tx, accountId);
  const left = base - (await invoicedFen(tx, accountId, contractId, { pending: true }));
  const open = formatMoney(left > 0n ? left : 0n);
  if (amount > left) throw fieldError({ amount: { key: contractId ? 'api:invoiceRequestOverContract' : 'api:invoiceRequestOverFees', params: { open } } });
};
