// Amounts the server derives (DESIGN §5: never trusted from the client): an offer's or a
// contract's total is quantity x unit price in integer fen, and a contract's collateral is
// its collateral ratio of that total. The rule is the shared tradeTotals (src/shared/tradeAmounts.ts),
// the one the offer and contract forms show while the user types. What a client sent for these
// fields is replaced.
import { PAYMENT_TERM_DEFAULT_DAYS } from '../../../shared/constants';
import { QUANTITY_PRECISION, tradeTotals, type TradeTotals } from '../../../shared/tradeAmounts';
import { fieldError } from '../../errors';
import type { ComputeFn } from '../../resources/compute';

/** The totals, or nothing when quantity or unit price is missing (validation says so). */
function totals(data: Record<string, unknown>): TradeTotals | null {
  const result = tradeTotals(data);
  if (result === QUANTITY_PRECISION) throw fieldError({ quantity: 'api:quantityPrecision' });
  return result;
}

export const offerAmounts: ComputeFn = (data) => {
  const result = totals(data);
  return result === null ? {} : { amount: result.amount };
};

export const contractAmounts: ComputeFn = (data) => {
  // A contract without a payment term gets the default one (its bill falls due that long after completion).
  const term = data.paymentTermDays === undefined || data.paymentTermDays === null ? { paymentTermDays: PAYMENT_TERM_DEFAULT_DAYS } : {};
  return { ...term, ...totals(data) };
};
