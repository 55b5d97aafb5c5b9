// deposits (schemas/resources/deposits.json): an approved account declares a bank transfer; ops
// confirm it, which credits the wallet (bank clearing -> wallet, once per deposit: key
// `deposit:<id>`), or reject it. The owner is told either way.
import { formatMoney, yuanToFen } from '../../../shared/money';
import { fieldError } from '../../errors';
import type { ActionHandler, CreateHandler } from '../../resources/handlers';
import type { NewsDeclaration } from '../../consumers/news';
import { notifyAccount } from '../../notify';
import { PLATFORM, ensureWallet } from '../../ledger/accounts';
import { transfer } from '../../ledger/transfers';
import { consolePathOfRow } from '../../resources/consolePaths';
import { approvedAccountName } from './accountFacts';

/** A positive amount in fen, or 400 on the field. */
export function positiveFen(value: unknown, field = 'amount'): bigint {
  const fen = typeof value === 'string' ? yuanToFen(value) : 0n;
  if (fen <= 0n) throw fieldError({ [field]: 'api:amountPositive' });
  return fen;
}

export const declare: CreateHandler = async ({ tx, data, accountId }) => {
  positiveFen(data.amount);
  return { patch: { accountName: await approvedAccountName(tx, accountId) } };
};

export const confirm: ActionHandler = async ({ tx, record, userId, now }) => {
  const owner = record.accountId!;
  const wallet = await ensureWallet(tx, owner, now);
  const amount = positiveFen(record.data.amount);
  await transfer(tx, { debit: PLATFORM.bankClearing, credit: wallet, amount, kind: 'deposit', ref: { resource: 'deposits', id: record.id }, key: `deposit:${record.id}`, userId, now });
};

/** The depositor hears of a confirmation and of a rejection (news, consumers/news.ts). */
export const depositNews: NewsDeclaration = {
  on: ['confirm', 'reject'],
  write: async ({ tx, action, record, at, def, input }) => {
    const link = consolePathOfRow(def.name, record, record.accountId!);
    const amount = formatMoney(String(record.data.amount)); // the one money format: 7,601.00
    if (action === 'confirm') await notifyAccount(tx, record.accountId!, def.permissionId, 'depositConfirmed', at, { amount }, link);
    if (action === 'reject') await notifyAccount(tx, record.accountId!, def.permissionId, 'depositRejected', at, { amount, reason: String(input.reason ?? '') }, link);
  },
};
