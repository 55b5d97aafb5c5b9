// Amounts the server derives (DESIGN §5: never trusted from the client): an offer's or a
// contract's total is quantity x unit price in integer fen, and a contract's collateral is
// its collateral ratio of that total. What a client sent for these fields is replaced.
import { PAYMENT_TERM_DEFAULT_DAYS } from '../../../shared/constants';
import { isMoney } from '../../../shared/formats';
import { fenToYuan, lineAmountFen, percentOfFen, quantityHundredths, yuanToFen } from '../../../shared/money';
import { fieldError } from '../../errors';
import type { ComputeFn } from '../../resources/compute';

/** The line total, or nothing when quantity or unit price is missing (validation says so). */
function total(data: Record<string, unknown>): bigint | null {
  const { quantity, unitPrice } = data;
  if (typeof quantity !== 'number' || typeof unitPrice !== 'string' || !isMoney(unitPrice)) return null;
  const hundredths = quantityHundredths(quantity);
  if (hundredths === null) throw fieldError({ quantity: 'api:quantityPrecision' });
  return lineAmountFen(hundredths, yuanToFen(unitPrice));
}

export const offerAmounts: ComputeFn = (data) => {
  const amount = total(data);
  return amount === null ? {} : { amount: fenToYuan(amount) };
};

export const contractAmounts: ComputeFn = (data) => {
  // A contract without a payment term gets the default one (its bill falls due that long after completion).
  const term = data.paymentTermDays === undefined || data.paymentTermDays === null ? { paymentTermDays: PAYMENT_TERM_DEFAULT_DAYS } : {};
  const amount = total(data);
  if (amount === null) return term;
  const ratio = typeof data.collateralRatio === 'number' && Number.isInteger(data.collateralRatio) ? data.collateralRatio : 0;
  return { ...term, amount: fenToYuan(amount), collateralAmount: fenToYuan(percentOfFen(amount, Math.min(Math.max(ratio, 0), 100))) };
};
