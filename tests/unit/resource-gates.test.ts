// The gate fields the console bundles (scripts/lib/vite-resource-gates.ts) are those of the
// composed resource files, the same the server decides on.
import { describe, expect, it } from 'vitest';
import { resourceGates } from '../../scripts/lib/resource-gates';
import { REPO_ROOT } from '../../src/shared/schema/load-node';
import { resourceDefinition } from '../support/resource-definitions';

describe('bundled resource gates', () => {
  const gates = resourceGates(REPO_ROOT);

  it('gives every resource file the fields its composed definition declares', () => {
    for (const [name, gate] of Object.entries(gates)) {
      const def = resourceDefinition(name);
      expect(gate).toEqual(
        JSON.parse(JSON.stringify({ name, permissionId: def.permissionId, source: def.source, visibility: def.visibility, parties: def.parties, createHandler: def.createHandler, requiresService: def.requiresService })),
      );
    }
  });

  it('takes what an offer inherits from its base', () => {
    expect(gates.purchaseOffers.visibility).toEqual({ market: { states: ['published'], unlessParty: 'counterparty' } });
    expect(gates.purchaseOffers.createHandler).toBe('offers.create');
    expect(gates.mutualOffers.requiresService).toBe('mutual');
  });
});
