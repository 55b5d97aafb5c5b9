// What each money action moves (src/server/domains/funds: collateral.ts, deposits.ts,
// withdrawals.ts), as its dialog shows it before the user confirms: the amount, the record fields
// that say who is on the other side, and the acting account's wallet figure it changes.
import type { WalletView } from '../../../shared/api';
import { yuanToFen } from '../../../shared/money';
import type { ResourceRecord } from '../../../shared/resources/types';
import { objectionDepositFen } from '../../../shared/tradeAmounts';

export interface MoneyEffect {
  /** The amount moved, in fen: from the record, or from what is typed in the step's form (a payment's amount). */
  amount(record: ResourceRecord, input: Record<string, unknown>): bigint;
  /** The record's fields that name the other side (their labels are the resource's). */
  parties: string[];
  /** The acting account's balance that changes, and by how much per fen moved; none for ops (no wallet). */
  wallet?: { figure: keyof WalletView; sign: -1 | 1 };
}

const fen = (value: unknown): bigint => {
  try {
    return typeof value === 'string' ? yuanToFen(value) : 0n;
  } catch {
    return 0n;
  }
};
const collateral = (record: ResourceRecord) => fen(record.collateralAmount);
const BANK = ['bankAccountName', 'bankName', 'bankAccount'];

/** By `<resource>.<action>`. */
export const MONEY_EFFECTS: Readonly<Record<string, MoneyEffect>> = {
  // The buyer's available money goes into escrow (released to the seller on receipt).
  'contracts.payCollateral': { amount: collateral, parties: ['sellerName'], wallet: { figure: 'available', sign: -1 } },
  // The escrowed collateral goes to the seller.
  'contracts.confirmReceipt': { amount: collateral, parties: ['sellerName'], wallet: { figure: 'escrow', sign: -1 } },
  // The buyer holds the objection deposit.
  'contracts.object': { amount: (record) => objectionDepositFen(collateral(record)), parties: ['sellerName'], wallet: { figure: 'available', sign: -1 } },
  'contracts.resolveRefund': { amount: collateral, parties: ['buyerName', 'sellerName'] },
  'contracts.resolveRelease': { amount: collateral, parties: ['sellerName', 'buyerName'] },
  // Ops check the declaration against the bank statement.
  'deposits.confirm': { amount: (record) => fen(record.amount), parties: ['accountName', 'payerName', 'payerAccount', 'payerBank', 'transferDate', 'reference'] },
  'withdrawals.submit': { amount: (record) => fen(record.amount), parties: BANK, wallet: { figure: 'available', sign: -1 } },
  'withdrawals.complete': { amount: (record) => fen(record.amount), parties: ['accountName', ...BANK] },
  'withdrawals.fail': { amount: (record) => fen(record.amount), parties: ['accountName', ...BANK] },
  // The payer's wallet pays the amount typed to the payee (settlement/pay.ts).
  'bills.pay': { amount: (_record, input) => fen(input.payAmount), parties: ['payeeName', 'contractTitle'], wallet: { figure: 'available', sign: -1 } },
  // Ops: the bill's latest payment goes back from the payee to the payer.
  'bills.reversePayment': { amount: (record) => fen(record.paidAmount), parties: ['payerName', 'payeeName'] },
  // The payer pays the request wallet to wallet (requests/pay.ts).
  'paymentRequests.pay': { amount: (_record, input) => fen(input.payAmount), parties: ['payeeName'], wallet: { figure: 'available', sign: -1 } },
};

export const moneyEffectOf = (resource: string, action: string): MoneyEffect | undefined => MONEY_EFFECTS[`${resource}.${action}`];
