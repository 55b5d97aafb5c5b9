// Which console page opens a record (src/shared/resources/recordPath.ts), for the repository's
// menu.json and resource files: the expected paths are written out by hand.
import { describe, expect, it } from 'vitest';
import { MENU, VARIANT_IDS, getVariant } from '../../src/shared/menu';
import { linkedRecord, linkInVariant, opensIn, recordConsolePath, recordRoutes, type RecordFacts, type RecordTarget } from '../../src/shared/resources/recordPath';
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

// Issue 28: one API serves every variant's console, and a variant removes routes (xhn has no
// /payment/paymentDetails), so a link stored over every route is answered as the reader's
// variant opens it (src/server/notify/links.ts).
describe('linkInVariant', () => {
  const PAYER = 'acc-payer';
  const PAYEE = 'acc-payee';
  const bill = (state: string): RecordFacts => ({ accountId: PAYEE, parties: { payer: PAYER, payee: PAYEE }, state });
  const routesOf = (variant: string) => recordRoutes(MENU, REPO_DEFINITIONS, getVariant(variant));
  const BILL_STATES = ['pendingConfirmation', 'confirmed', 'partiallyPaid', 'overdue', 'paid', 'rejected', 'cancelled'];

  it('reads the record a stored link opens, in each of its three forms', () => {
    expect(linkedRecord(ROUTES, `/contract/details?id=${ID}`)).toEqual({ resource: 'contracts', id: ID, page: 'show' });
    expect(linkedRecord(ROUTES, `/contract/detailspact?id=${ID}`)).toEqual({ resource: 'contracts', id: ID, page: 'document' });
    expect(linkedRecord(ROUTES, `/payment/flows/show/${ID}`)).toEqual({ resource: 'accountFlows', id: ID, page: 'show' });
    expect(linkedRecord(ROUTES, '/businessAuthentication')).toBeUndefined();
    expect(linkedRecord(ROUTES, `/nowhere?id=${ID}`)).toBeUndefined();
  });

  it('gives every variant a page of its own for every record link the server may store, whoever reads it', () => {
    // Every link kind: each route listing a resource opens its records at its show route (or
    // <list>/show/<id>), and a show route with a text page at that page too.
    const stored = new Set<string>();
    for (const route of ROUTES) {
      const render = route.render && 'resource' in route.render ? route.render : undefined;
      if (!render) continue;
      if (render.view === 'show') {
        stored.add(`${route.path}?id=${ID}`);
        const text = ROUTES.find((r) => r.key === render.documentRoute);
        if (text) stored.add(`${text.path}?id=${ID}`);
      } else if (!render.view) stored.add(`${route.path}/show/${ID}`);
    }
    const checked: string[] = [];
    for (const variant of VARIANT_IDS) {
      const routes = routesOf(variant);
      for (const link of stored) {
        const target = linkedRecord(ROUTES, link)!;
        expect(target, link).toBeDefined();
        // A variant without a page of the resource has no link for it, rather than a dead one.
        const listed = routes.some((r) => r.render && 'resource' in r.render && r.render.resource === target.resource);
        for (const viewer of [{ accountId: PAYER }, { accountId: PAYEE }, { accountId: 'acc-platform', ops: true }, undefined]) {
          const facts = target.resource === 'bills' ? BILL_STATES.map(bill) : [undefined];
          for (const record of facts) {
            const got = linkInVariant(ROUTES, routes, link, record, viewer);
            if (!listed) {
              expect(got, `${variant}: ${link}`).toBeUndefined();
              continue;
            }
            expect(got, `${variant}: ${link} for ${JSON.stringify(viewer)} ${record?.state ?? ''}`).toBeDefined();
            expect(opensIn(routes, got!), `${variant}: ${link} -> ${got}`).toBe(true);
            expect(routes.some((r) => r.path === got!.split('?')[0] || got!.startsWith(`${r.path}/show/`)), `${variant}: ${got}`).toBe(true);
            checked.push(got!);
          }
        }
      }
    }
    expect(checked.length).toBeGreaterThan(100);
  });

  it("opens the bill a payer is asked to confirm in the mutual variant at its bill page, not the removed /payment/paymentDetails", () => {
    const xhn = routesOf('xhn');
    expect(opensIn(xhn, `/payment/paymentDetails?id=${ID}`)).toBe(false);
    expect(linkInVariant(ROUTES, xhn, `/payment/paymentDetails?id=${ID}`, bill('pendingConfirmation'), { accountId: PAYER })).toBe(`/contractUpdate/contractPaymentDetails?id=${ID}`);
    expect(linkInVariant(ROUTES, xhn, `/payment/receiptDetails?id=${ID}`, bill('confirmed'), { accountId: PAYEE })).toBe(`/contractUpdate/contractPaymentDetails?id=${ID}`);
    // A link the variant has stays as stored; a page it removed is no link.
    expect(linkInVariant(ROUTES, routesOf('main'), `/payment/paymentDetails?id=${ID}`)).toBe(`/payment/paymentDetails?id=${ID}`);
    expect(linkInVariant(ROUTES, xhn, '/payment/payManagement')).toBeUndefined();
    expect(linkInVariant(ROUTES, xhn, '/businessAuthentication')).toBe('/businessAuthentication');
  });

  it("never opens a clearing run on platform operations' page for an account: its own run record's detail page (a net settlement's flow)", () => {
    const account = { accountId: PAYER, ops: false };
    expect(recordConsolePath(routesOf('main'), { resource: 'clearingRuns', id: ID, viewer: account })).toBe(`/payment/interlinkingDetails?id=${ID}`);
    expect(recordConsolePath(routesOf('xhn'), { resource: 'clearingRuns', id: ID, viewer: account })).toBe(`/payment/interlinkingDetails?id=${ID}`);
    expect(recordConsolePath(routesOf('main'), { resource: 'clearingRuns', id: ID, viewer: { accountId: 'acc-platform', ops: true } })).toBe(`/ops/clearingRuns/show/${ID}`);
    // Nothing but an ops page: no link for an account rather than a 403.
    expect(recordConsolePath(routesOf('main'), { resource: 'deposits', id: ID, viewer: account })).toBe(`/payment/deposits/show/${ID}`);
    expect(recordConsolePath(routesOf('main').filter((r) => r.parentKeys.includes('ops')), { resource: 'withdrawals', id: ID, viewer: account })).toBeUndefined();
  });

  it('lists the bills waiting for the payer to confirm in every variant, and links them there from now on', () => {
    for (const variant of VARIANT_IDS) {
      const lists = routesOf(variant).filter((r) => r.render && 'resource' in r.render && r.render.resource === 'bills' && !r.render.view && r.render.scope === 'payer');
      expect(lists.some((r) => r.render && 'states' in r.render && r.render.states?.includes('pendingConfirmation')), variant).toBe(true);
    }
    expect(at({ resource: 'bills', id: ID, record: bill('pendingConfirmation'), viewer: { accountId: PAYER } })).toBe(`/contractUpdate/contractPaymentDetails?id=${ID}`);
  });
});
