// A contract's lifecycle as its parties and platform operations follow it (issue 17): the steps
// it has gone and will go through, and what the caller must do next, from the contract's state
// and the caller's side. The states and who acts in each are those of
// schemas/resources/contracts.json (its actions' `from`, `to` and `by`); the console shows the
// steps and the next action on a contract's page, and any other page may ask the same.

/** The caller's side of a contract: one of its parties, platform operations, or neither. */
export type ContractSide = 'buyer' | 'seller' | 'ops' | 'none';

/** Who acts next: the caller, the other party, a party (to a caller who is none), platform operations, or nobody (the contract has ended). */
export type NextActor = 'you' | 'counterparty' | 'parties' | 'ops' | 'nobody';

export interface NextAction {
  who: NextActor;
  /** What is to be done, a key of trading:progress.next (sign, payCollateral, deliver, ...). */
  step: string;
}

/** What of a contract the rule reads: its state, who signed, when it was delivered and objected to. */
export interface ContractFacts {
  state?: string | null;
  parties?: Record<string, string>;
  signatures?: unknown;
  deliveredAt?: unknown;
  objectedAt?: unknown;
}

/** The main path of a contract that goes well. */
const MAIN_PATH = ['pendingSignature', 'signed', 'collateralPaid', 'delivered', 'completed'] as const;
/** States that end a contract. */
const ENDED = new Set(['completed', 'refunded', 'rejected', 'cancelled']);

/** The caller's side: the party role its account holds, else operations for a platform user. */
export function contractSide(contract: Pick<ContractFacts, 'parties'>, viewer: { accountId?: string; ops?: boolean }): ContractSide {
  const parties = contract.parties ?? {};
  if (viewer.accountId && parties.buyer === viewer.accountId) return 'buyer';
  if (viewer.accountId && parties.seller === viewer.accountId) return 'seller';
  return viewer.ops ? 'ops' : 'none';
}

const signedRoles = (signatures: unknown): string[] =>
  Array.isArray(signatures) ? signatures.map((s) => (s && typeof s === 'object' ? String((s as { role?: unknown }).role ?? '') : '')).filter(Boolean) : [];

const isParty = (side: ContractSide): side is 'buyer' | 'seller' => side === 'buyer' || side === 'seller';

/**
 * What the caller must do next, or who it waits for. Both parties sign (each once); the buyer
 * pays the collateral; the seller delivers; the buyer confirms receipt (or objects, after payment
 * or delivery); operations resolve an objection. A caller who is neither party nor operations
 * only watches.
 */
export function nextContractAction(contract: ContractFacts, side: ContractSide): NextAction {
  const state = contract.state ?? '';
  if (ENDED.has(state)) return { who: 'nobody', step: 'ended' };
  const party = isParty(side);
  switch (state) {
    case 'pendingSignature':
      if (party && !signedRoles(contract.signatures).includes(side)) return { who: 'you', step: 'sign' };
      return { who: party ? 'counterparty' : 'parties', step: 'awaitSignature' };
    case 'signed':
      return side === 'buyer' ? { who: 'you', step: 'payCollateral' } : { who: party ? 'counterparty' : 'parties', step: 'awaitCollateral' };
    case 'collateralPaid':
      return side === 'seller' ? { who: 'you', step: 'deliver' } : { who: party ? 'counterparty' : 'parties', step: 'awaitDelivery' };
    case 'delivered':
      return side === 'buyer' ? { who: 'you', step: 'confirmReceipt' } : { who: party ? 'counterparty' : 'parties', step: 'awaitReceipt' };
    case 'objection':
      return side === 'ops' ? { who: 'you', step: 'resolve' } : { who: 'ops', step: 'awaitResolution' };
    default:
      return { who: 'nobody', step: 'unknown' };
  }
}

export type StepStatus = 'finish' | 'process' | 'wait' | 'error';

export interface ContractStep {
  /** A state of contracts.json: its label is the state's. */
  state: string;
  status: StepStatus;
}

/**
 * The steps shown for a contract: the main path, with the branch it took where it left it
 * (rejected or cancelled before signing; an objection, and its outcome). Steps before the
 * current one are finished, the current one in progress (finished when it ends the contract
 * well, an error when it ends it otherwise), those after it waiting.
 */
export function contractSteps(contract: ContractFacts): ContractStep[] {
  const state = contract.state ?? MAIN_PATH[0];
  let path: string[];
  if (state === 'rejected' || state === 'cancelled') path = [MAIN_PATH[0], state];
  else if (state === 'objection' || state === 'refunded' || (state === 'completed' && contract.objectedAt)) {
    const reached = contract.deliveredAt ? MAIN_PATH.slice(0, 4) : MAIN_PATH.slice(0, 3);
    path = [...reached, 'objection', state === 'objection' ? 'completed' : state];
  } else path = [...MAIN_PATH];
  const current = path.indexOf(state);
  return path.map((step, index) => {
    if (index < current) return { state: step, status: 'finish' };
    if (index > current) return { state: step, status: 'wait' };
    if (step === 'completed' || step === 'refunded') return { state: step, status: 'finish' };
    if (step === 'rejected' || step === 'cancelled') return { state: step, status: 'error' };
    return { state: step, status: 'process' };
  });
}
