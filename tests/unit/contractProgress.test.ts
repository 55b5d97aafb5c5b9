// A contract's steps and the caller's next action (src/shared/contractProgress.ts, issue 17):
// every state of schemas/resources/contracts.json, seen from each side.
import { describe, expect, it } from 'vitest';
import contractsFile from '../../schemas/resources/contracts.json';
import { contractSide, contractSteps, nextContractAction, type ContractSide } from '../../src/shared/contractProgress';

const SIDES: ContractSide[] = ['buyer', 'seller', 'ops', 'none'];
const parties = { buyer: 'acc-buyer', seller: 'acc-seller' };

/** state -> side -> "who:step", written out by hand. */
const EXPECTED: Record<string, Record<ContractSide, string>> = {
  pendingSignature: { buyer: 'you:sign', seller: 'you:sign', ops: 'parties:awaitSignature', none: 'parties:awaitSignature' },
  signed: { buyer: 'you:payCollateral', seller: 'counterparty:awaitCollateral', ops: 'parties:awaitCollateral', none: 'parties:awaitCollateral' },
  collateralPaid: { buyer: 'counterparty:awaitDelivery', seller: 'you:deliver', ops: 'parties:awaitDelivery', none: 'parties:awaitDelivery' },
  delivered: { buyer: 'you:confirmReceipt', seller: 'counterparty:awaitReceipt', ops: 'parties:awaitReceipt', none: 'parties:awaitReceipt' },
  objection: { buyer: 'ops:awaitResolution', seller: 'ops:awaitResolution', ops: 'you:resolve', none: 'ops:awaitResolution' },
  completed: { buyer: 'nobody:ended', seller: 'nobody:ended', ops: 'nobody:ended', none: 'nobody:ended' },
  refunded: { buyer: 'nobody:ended', seller: 'nobody:ended', ops: 'nobody:ended', none: 'nobody:ended' },
  rejected: { buyer: 'nobody:ended', seller: 'nobody:ended', ops: 'nobody:ended', none: 'nobody:ended' },
  cancelled: { buyer: 'nobody:ended', seller: 'nobody:ended', ops: 'nobody:ended', none: 'nobody:ended' },
};

describe('the next action on a contract', () => {
  it('covers every state the contract file declares', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...contractsFile.states.values].sort());
  });

  for (const [state, bySide] of Object.entries(EXPECTED)) {
    it(`in ${state}, for each side`, () => {
      for (const side of SIDES) {
        const next = nextContractAction({ state, parties }, side);
        expect(`${next.who}:${next.step}`, side).toBe(bySide[side]);
      }
    });
  }

  it('agrees with who the contract file lets act: the caller acts only where an action of its side starts', () => {
    for (const [state, bySide] of Object.entries(EXPECTED)) {
      for (const side of ['buyer', 'seller', 'ops'] as const) {
        const declared = contractsFile.actions.some((a) => a.from.includes(state) && (a.by as string[]).includes(side));
        if (bySide[side].startsWith('you:')) expect(declared, `${state} ${side}`).toBe(true);
      }
    }
  });

  it('waits for the other party once the caller has signed', () => {
    const signatures = [{ role: 'seller', signedAt: '2026-11-25T02:00:00.000Z' }];
    expect(nextContractAction({ state: 'pendingSignature', parties, signatures }, 'seller')).toEqual({ who: 'counterparty', step: 'awaitSignature' });
    expect(nextContractAction({ state: 'pendingSignature', parties, signatures }, 'buyer')).toEqual({ who: 'you', step: 'sign' });
  });

  it("finds the caller's side from the parties", () => {
    expect(contractSide({ parties }, { accountId: 'acc-buyer' })).toBe('buyer');
    expect(contractSide({ parties }, { accountId: 'acc-seller' })).toBe('seller');
    expect(contractSide({ parties }, { accountId: 'platform', ops: true })).toBe('ops');
    expect(contractSide({ parties }, { accountId: 'acc-other' })).toBe('none');
  });
});

describe('the steps of a contract', () => {
  const shown = (facts: Parameters<typeof contractSteps>[0]) => contractSteps(facts).map((s) => `${s.state}:${s.status}`);

  it('follows the main path, the current step in progress', () => {
    expect(shown({ state: 'signed' })).toEqual(['pendingSignature:finish', 'signed:process', 'collateralPaid:wait', 'delivered:wait', 'completed:wait']);
    expect(shown({ state: 'completed' })).toEqual(['pendingSignature:finish', 'signed:finish', 'collateralPaid:finish', 'delivered:finish', 'completed:finish']);
  });

  it('ends at a refusal before signing', () => {
    expect(shown({ state: 'rejected' })).toEqual(['pendingSignature:finish', 'rejected:error']);
    expect(shown({ state: 'cancelled' })).toEqual(['pendingSignature:finish', 'cancelled:error']);
  });

  it('shows the objection branch and its outcome', () => {
    expect(shown({ state: 'objection', deliveredAt: '2026-11-20T00:00:00Z' })).toEqual(['pendingSignature:finish', 'signed:finish', 'collateralPaid:finish', 'delivered:finish', 'objection:process', 'completed:wait']);
    expect(shown({ state: 'refunded' })).toEqual(['pendingSignature:finish', 'signed:finish', 'collateralPaid:finish', 'objection:finish', 'refunded:finish']);
    expect(shown({ state: 'completed', objectedAt: '2026-11-21T00:00:00Z', deliveredAt: '2026-11-20T00:00:00Z' })).toEqual([
      'pendingSignature:finish',
      'signed:finish',
      'collateralPaid:finish',
      'delivered:finish',
      'objection:finish',
      'completed:finish',
    ]);
  });
});
