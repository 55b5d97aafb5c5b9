// The requester's messages about its invoice request: received, issued (with the number and
// amount, the file on the record), rejected (with the reason). Each links to the record. News of
// the request's moves (consumers/news.ts).
import { formatMoney } from '../../../shared/money';
import type { NewsDeclaration } from '../../consumers/news';
import { consolePathOfRow } from '../../resources/consolePaths';
import { notifyAccount } from '../../notify';

export const invoiceNews: NewsDeclaration = {
  on: ['create', 'issue', 'reject'],
  write: async ({ tx, action, record, at, def, input }) => {
    const account = record.accountId!;
    const link = consolePathOfRow(def.name, record, account);
    const amount = formatMoney(String(record.data.amount));
    if (action === 'create') await notifyAccount(tx, account, def.permissionId, 'invoiceRequested', at, { amount, buyer: String(record.data.buyerName ?? '') }, link);
    if (action === 'issue') await notifyAccount(tx, account, def.permissionId, 'invoiceIssued', at, { amount: formatMoney(String(record.data.issuedAmount)), number: String(record.data.invoiceNumber ?? '') }, link);
    if (action === 'reject') await notifyAccount(tx, account, def.permissionId, 'invoiceRejected', at, { amount, reason: String(input.reason ?? '') }, link);
  },
};
