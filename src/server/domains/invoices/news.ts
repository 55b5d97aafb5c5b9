// The requester's messages about its invoice request: received, issued (with the number and
// amount, the file on the record), rejected (with the reason). Each links to the record.
import { formatMoney } from '../../../shared/money';
import type { RecordListener } from '../../resources/events';
import { consolePathOfRow } from '../../resources/consolePaths';
import { notifyAccount } from '../../notify';

export const invoiceNews: RecordListener = async ({ tx, action, after, now, def, input }) => {
  const account = after.accountId!;
  const link = consolePathOfRow(def.name, after, account);
  const amount = formatMoney(String(after.data.amount));
  if (action === 'create') await notifyAccount(tx, account, def.permissionId, 'invoiceRequested', now, { amount, buyer: String(after.data.buyerName ?? '') }, link);
  if (action === 'issue') await notifyAccount(tx, account, def.permissionId, 'invoiceIssued', now, { amount: formatMoney(String(after.data.issuedAmount)), number: String(after.data.invoiceNumber ?? '') }, link);
  if (action === 'reject') await notifyAccount(tx, account, def.permissionId, 'invoiceRejected', now, { amount, reason: String(input.reason ?? '') }, link);
};
