// The amounts of an offer or a contract (DESIGN §5: derived by the server, never trusted from
// the client), one rule for both sides: the server stores what tradeTotals gives
// (src/server/domains/trading/amounts.ts) and the offer and contract forms show the same figures
// while the user types (previewTradeTotals). Integer fen throughout (src/shared/money.ts).
import { OBJECTION_DEPOSIT_MIN_FEN, OBJECTION_DEPOSIT_PERCENT } from './constants';
import { isMoney } from './formats';
import { fenToYuan, lineAmountFen, percentOfFen, quantityHundredths, yuanToFen } from './money';

/** A trade's figures on the wire: yuan strings with two decimals. */
export interface TradeTotals {
  /** Quantity x unit price, rounded half up to the fen. */
  amount: string;
  /** The collateral ratio's share of the amount, rounded half up to the fen (0 without a ratio). */
  collateralAmount: string;
}

/** The quantity has more than two decimals: no amount exists for it (the server answers 400 on quantity). */
export const QUANTITY_PRECISION = 'quantityPrecision';

/** The ratio as the server applies it: an integer percentage clamped to 0..100, 0 when absent. */
const appliedRatio = (ratio: unknown): number => (typeof ratio === 'number' && Number.isInteger(ratio) ? Math.min(Math.max(ratio, 0), 100) : 0);

/**
 * The amount and collateral the server stores for this data; null when quantity or unit price
 * is missing or not a number/amount (validation says so), QUANTITY_PRECISION for a quantity with
 * more than two decimals.
 */
export function tradeTotals(data: Record<string, unknown>): TradeTotals | typeof QUANTITY_PRECISION | null {
  const { quantity, unitPrice } = data;
  if (typeof quantity !== 'number' || typeof unitPrice !== 'string' || !isMoney(unitPrice)) return null;
  const hundredths = quantityHundredths(quantity);
  if (hundredths === null) return QUANTITY_PRECISION;
  const amount = lineAmountFen(hundredths, yuanToFen(unitPrice));
  return { amount: fenToYuan(amount), collateralAmount: fenToYuan(percentOfFen(amount, appliedRatio(data.collateralRatio))) };
}

/** The bounds a field's schema sets on a number (quantity: 0.01..100000000; ratio: integer 0..100). */
export interface NumberBounds {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
}

const withinBounds = (value: unknown, bounds: NumberBounds | undefined): boolean => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (bounds?.type === 'integer' && !Number.isInteger(value)) return false;
  return (bounds?.minimum === undefined || value >= bounds.minimum) && (bounds?.maximum === undefined || value <= bounds.maximum);
};

/**
 * What a form shows while the user types: tradeTotals of the data, but only when every input
 * would pass the server's check (quantity and ratio within their schema's bounds, the price an
 * amount, at most two decimals); null otherwise, so a wrong input never shows a figure. A missing
 * ratio counts as 0, as on the server.
 */
export function previewTradeTotals(data: Record<string, unknown>, fields: { quantity?: NumberBounds; collateralRatio?: NumberBounds }): TradeTotals | null {
  if (!withinBounds(data.quantity, fields.quantity)) return null;
  if (data.collateralRatio !== undefined && !withinBounds(data.collateralRatio, fields.collateralRatio)) return null;
  const totals = tradeTotals(data);
  return totals === QUANTITY_PRECISION ? null : totals;
}

/** The objection deposit of a contract: OBJECTION_DEPOSIT_PERCENT of its collateral, at least OBJECTION_DEPOSIT_MIN_FEN. */
export const objectionDepositFen = (collateral: bigint): bigint => {
  const share = percentOfFen(collateral, OBJECTION_DEPOSIT_PERCENT);
  return share > OBJECTION_DEPOSIT_MIN_FEN ? share : OBJECTION_DEPOSIT_MIN_FEN;
};
