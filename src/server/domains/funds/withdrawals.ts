// withdrawals (schemas/resources/withdrawals.json): an approved account asks to withdraw to the
// bank account of its authentication; submitting it (SMS code, Idempotency-Key) holds the
// amount (wallet -> bank clearing, pending, key `withdrawal:<id>`); ops complete it (the hold is
// posted) or fail it (voided: the money is available again). The owner is told of both.
import { formatMoney } from '../../../shared/money';
import { fieldError } from '../../errors';
import type { ActionHandler, CreateHandler } from '../../resources/handlers';
import type { NewsDeclaration } from '../../consumers/news';
import { notifyAccount } from '../../notify';
import { PLATFORM, ensureWallet, walletFigures } from '../../ledger/accounts';
import { hold, postHold, voidHold } from '../../ledger/transfers';
import { consolePathOfRow } from '../../resources/consolePaths';
import { approvedAccountName, authenticatedBankAccount } from './accountFacts';
import { positiveFen } from './deposits';

const holdKey = (id: string) => `withdrawal:${id}`;

export const request: CreateHandler = async ({ tx, data, accountId }) => {
  const amount = positiveFen(data.amount);
  const accountName = await approvedAccountName(tx, accountId);
  const bank = await authenticatedBankAccount(tx, accountId);
  // Said at once on the form; the hold at submission checks again under the wallet's lock.
  const { available } = await walletFigures(tx, accountId);
  if (amount > available) throw fieldError({ amount: { key: 'api:amountOverAvailable', params: { available: formatMoney(available) } } });
  return { patch: { accountName, ...bank } };
};

export const holdAmount: ActionHandler = async ({ tx, record, userId, now }) => {
  const wallet = await ensureWallet(tx, record.accountId!, now);
  const amount = positiveFen(record.data.amount);
  await hold(tx, { debit: wallet, credit: PLATFORM.bankClearing, amount, kind: 'withdrawal', ref: { resource: 'withdrawals', id: record.id }, key: holdKey(record.id), userId, now });
};

export const complete: ActionHandler = async ({ tx, record, userId, now }) => {
  await postHold(tx, holdKey(record.id), { kind: 'withdrawalPaid', key: `${holdKey(record.id)}:paid`, userId, now });
};

export const fail: ActionHandler = async ({ tx, record, userId, now }) => {
  await voidHold(tx, holdKey(record.id), { kind: 'withdrawalReturned', key: `${holdKey(record.id)}:returned`, userId, now });
};

/** The requester hears when the transfer is made or failed (news, consumers/news.ts). */
export const withdrawalNews: NewsDeclaration = {
  on: ['complete', 'fail'],
  write: async ({ tx, action, record, at, def, input }) => {
    const link = consolePathOfRow(def.name, record, record.accountId!);
    const amount = formatMoney(String(record.data.amount)); // the one money format: 7,601.00
    if (action === 'complete') await notifyAccount(tx, record.accountId!, def.permissionId, 'withdrawalCompleted', at, { amount }, link);
    if (action === 'fail') await notifyAccount(tx, record.accountId!, def.permissionId, 'withdrawalFailed', at, { amount, reason: String(input.reason ?? '') }, link);
  },
};
