// Which console page opens a record (src/shared/resources/recordPath.ts), for the repository's
// menu.json and resource files: the expected paths are written out by hand.
import { describe, expect, it } from 'vitest';
import { MENU } from '../../src/shared/menu';
import { recordConsolePath, recordRoutes, type RecordFacts, type RecordTarget } from '../../src/shared/resources/recordPath';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { REPO_DEFINITIONS } from '../support/consolePaths';

const ROUTES = recordRoutes(MENU, REPO_DEFINITIONS);
const at = (target: RecordTarget) => recordConsolePath(ROUTES, target);
const ID = 'a1b2c3';
const BUYER = 'acc-buyer';
const SELLER = 'acc-seller';
const contract = (extra: Partial<RecordFacts> = {}): RecordFacts => ({ accountId: BUYER, parties: { buyer: BUYER, seller: SELLER }, state: 'signed', source: 'purchaseOffer', ...extra });

describe('recordConsolePath', () => {
  it.each([
    ['purchaseOffers', `/outgoing/chainPayment/show/${ID}`],
    ['supplyOffers', `/outgoing/immediateContract/show/${ID}`],
    ['mutualOffers', `/outgoing/chainInvitation/show/${ID}`],
    ['contracts', `/contract/details?id=${ID}`],
    ['escrowSettlements', `/report/paymentInventory/show/${ID}`],
    ['objectionDeposits', `/report/entropyList/show/${ID}`],
    ['withdrawals', `/report/withdrawalList/show/${ID}`],
    ['invoiceRequests', `/operator/invoice/show/${ID}`],
    // Routes of resource files' own menu blocks (no menu.json entry).
    ['deposits', `/payment/deposits/show/${ID}`],
    ['accountFlows', `/payment/flows/show/${ID}`],
  ])('opens a record of %s at %s', (resource, path) => {
    expect(at({ resource, id: ID })).toBe(path);
  });

  it('answers for every resource file of the repository', () => {
    expect(REPO_DEFINITIONS.filter((d) => at({ resource: d.name, id: ID }) === undefined).map((d) => d.name)).toEqual([]);
  });

  it('opens a contract on the page of the viewer side: bought, sold, mutual promise', () => {
    expect(at({ resource: 'contracts', id: ID, record: contract(), viewer: { accountId: BUYER } })).toBe(`/contract/details?id=${ID}`);
    expect(at({ resource: 'contracts', id: ID, record: contract(), viewer: { accountId: SELLER } })).toBe(`/contract/supplyDetails?id=${ID}`);
    for (const accountId of [BUYER, SELLER]) {
      expect(at({ resource: 'contracts', id: ID, record: contract({ source: 'mutualOffer' }), viewer: { accountId } })).toBe(`/contract/chainDetails?id=${ID}`);
    }
    // Whatever its state (the to-sign and archive lists hold it too).
    expect(at({ resource: 'contracts', id: ID, record: contract({ state: 'pendingSignature' }), viewer: { accountId: SELLER } })).toBe(`/contract/supplyDetails?id=${ID}`);
  });

  it("gives the contract's text page of the same side", () => {
    const document = (record: RecordFacts, accountId: string) => at({ resource: 'contracts', id: ID, record, viewer: { accountId }, page: 'document' });
    expect(document(contract(), BUYER)).toBe(`/contract/detailspact?id=${ID}`);
    expect(document(contract(), SELLER)).toBe(`/contract/supplyContractDetails?id=${ID}`);
    expect(document(contract({ source: 'mutualOffer' }), SELLER)).toBe(`/contract/chainContractDetails?id=${ID}`);
    expect(at({ resource: 'purchaseOffers', id: ID, page: 'document' })).toBeUndefined();
  });

  it("opens a record platform operations do not own on their own pages, and their own on the account's", () => {
    const ops = { accountId: 'acc-platform', ops: true };
    expect(at({ resource: 'contracts', id: ID, record: contract({ state: 'objection' }), viewer: ops })).toBe(`/ops/objections/show/${ID}`);
    expect(at({ resource: 'withdrawals', id: ID, record: { accountId: BUYER, state: 'submitted' }, viewer: ops })).toBe(`/ops/withdrawals/show/${ID}`);
    expect(at({ resource: 'deposits', id: ID, record: { accountId: BUYER }, viewer: ops })).toBe(`/ops/deposits/show/${ID}`);
    expect(at({ resource: 'withdrawals', id: ID, record: { accountId: 'acc-platform' }, viewer: ops })).toBe(`/report/withdrawalList/show/${ID}`);
    // An account never gets an ops page while another route lists the resource.
    expect(at({ resource: 'withdrawals', id: ID, record: { accountId: BUYER }, viewer: { accountId: BUYER } })).toBe(`/report/withdrawalList/show/${ID}`);
  });

  it('encodes the id', () => {
    expect(at({ resource: 'withdrawals', id: 'a/b c' })).toBe('/report/withdrawalList/show/a%2Fb%20c');
    expect(at({ resource: 'contracts', id: 'a&b' })).toBe('/contract/details?id=a%26b');
  });

  it('has no answer for a resource no route lists', () => {
    expect(at({ resource: 'nothing', id: ID })).toBeUndefined();
    expect(recordConsolePath([], { resource: 'contracts', id: ID })).toBeUndefined();
  });

  it("follows a resource file's menu block when menu.json has no route for it", () => {
    const warehouses = { ...REPO_DEFINITIONS[0], name: 'warehouses', menu: { parent: 'accountCentre', path: '/operator/warehouses', icon: 'HomeOutlined' } } as ResourceDefinition;
    expect(recordConsolePath(recordRoutes(MENU, [warehouses]), { resource: 'warehouses', id: ID })).toBe(`/operator/warehouses/show/${ID}`);
  });
});
