// Passing a bill on (issue 31, DESIGN §10 "Circulating bills"): what a variant file says of it
// (`settlement.passOn`, `settlement.minPart`). One API serves every variant it is started with, so
// the server applies the strictest of them: passing on only when every served variant allows it,
// and the highest minimum part; the console asks its own variant the same question.
import { yuanToFen } from './money';
import { BUNDLED_VARIANTS } from './schema/variants';
import type { Variant } from './schema/types';

/** The smallest part passed on when a variant names none: one fen. */
export const DEFAULT_MIN_PART = '0.01';

/** How long a receiver has to accept an offer to pass a part on before it expires. */
export const PASS_ON_OFFER_MS = 48 * 3600_000;

export interface PassOnRules {
  allowed: boolean;
  /** The smallest part passed on, and the smallest open amount a bill may keep after one, in fen. */
  minPartFen: bigint;
}

type SettlementOptions = Pick<Variant, 'settlement'>;

/** The rules of the given variants (the console: its own; the server: every one it serves). */
export function passOnRules(variantIds: readonly string[], files: Readonly<Record<string, SettlementOptions>> = BUNDLED_VARIANTS as Readonly<Record<string, SettlementOptions>>): PassOnRules {
  let allowed = true;
  let minPartFen = yuanToFen(DEFAULT_MIN_PART);
  for (const id of variantIds) {
    const options = files[id]?.settlement;
    if (options?.passOn === false) allowed = false;
    const min = options?.minPart ? yuanToFen(options.minPart) : 0n;
    if (min > minPartFen) minPartFen = min;
  }
  return { allowed, minPartFen };
}
