// What a money action moves, as its resource file declares it (`moves` beside `money: true`):
// read by the server, which checks a step's confirmation against the amount it moves (a
// variant's "SMS above"), and by the console's confirmation dialog, which shows that amount, who
// is on the other side and the acting account's balance after. One declaration, both sides.
import type { WalletView } from '../api';
import { yuanToFen } from '../money';
import { objectionDepositFen } from '../tradeAmounts';

/** Amount rules a field alone cannot say. */
export const MOVE_RULES = ['objectionDeposit'] as const;
export type MoveRule = (typeof MOVE_RULES)[number];

export interface MoneyMoves {
  /**
   * The amount moved: a field of the action's input (a payment's amount typed), or of the record
   * (a contract's collateral), optionally through a rule (the objection deposit of a collateral).
   */
  amount: { input: string } | { field: string; rule?: MoveRule };
  /** The record's fields that name the other side, in the order the dialog shows them. */
  parties: string[];
  /** The acting account's wallet figure the step changes, and its direction per yuan moved; none for ops (no wallet). */
  wallet?: { figure: keyof WalletView; sign: -1 | 1 };
}

const fenOf = (value: unknown): bigint | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  try {
    return yuanToFen(value);
  } catch {
    return null; // a malformed amount is the step's own field error, said by its own check
  }
};

/** The amount in fen a step moves, or null while it cannot be read (nothing typed yet, a malformed amount). */
export function movedFen(moves: MoneyMoves, record: Record<string, unknown>, input: Record<string, unknown>): bigint | null {
  if ('input' in moves.amount) return fenOf(input[moves.amount.input]);
  const base = fenOf(record[moves.amount.field]);
  if (base === null) return null;
  return moves.amount.rule === 'objectionDeposit' ? objectionDepositFen(base) : base;
}
