// The list page's state in its URL (src/web/resources/listQuery.ts): the scope a route offers
// (menu.json render.scopes, the payment requests' payee / payer switch) is read from and kept in
// `?scope=`; any other scope in the URL is the caller's own records.
import { describe, expect, it } from 'vitest';
import { listStateParams, readListState } from '../../src/web/resources/listQuery';

const definition = { list: { columns: [], filters: [{ field: 'state', kind: 'enum' as const }], defaultSort: '-createdAt', sortable: [] } };

describe('list scope in the URL', () => {
  it('reads a party scope the route offers, and nothing else', () => {
    expect(readListState(definition, new URLSearchParams('scope=payer'), undefined, {}, ['payee', 'payer']).scope).toBe('payer');
    expect(readListState(definition, new URLSearchParams('scope=buyer'), undefined, {}, ['payee', 'payer']).scope).toBe('mine');
    expect(readListState(definition, new URLSearchParams('scope=payer')).scope).toBe('mine');
    expect(readListState(definition, new URLSearchParams('scope=market')).scope).toBe('mine');
    // A route's fixed scope wins over the URL.
    expect(readListState(definition, new URLSearchParams('scope=payer'), 'payee', {}, ['payee', 'payer']).scope).toBe('payee');
  });

  it('writes an offered scope back, never a fixed one', () => {
    const state = readListState(definition, new URLSearchParams('scope=payee&state=paid'), undefined, {}, ['payee', 'payer']);
    expect(listStateParams(definition, state, {}, ['payee', 'payer']).toString()).toBe('state=paid&scope=payee');
    expect(listStateParams(definition, { ...state, scope: 'mine' }, {}, ['payee', 'payer']).toString()).toBe('state=paid');
    expect(listStateParams(definition, { ...state, scope: 'buyer' }).toString()).toBe('state=paid');
  });
});
