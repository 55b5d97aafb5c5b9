// Listeners of one resource run in the order they declare (events.ts orderListeners), not the
// order of the domain list: `after` names the domains whose listeners must run first.
import { describe, expect, it } from 'vitest';
import { orderListeners, type ListenerDeclaration } from '../../src/server/resources/events';

const noop: ListenerDeclaration['listen'] = async () => undefined;
const decl = (domain: string, after?: string[]) => ({ domain, decl: { listen: noop, ...(after ? { after } : {}) } });

describe('listener order', () => {
  it('runs each listener after the domains it names, whatever the list order', () => {
    expect(orderListeners('contracts', [decl('settlement', ['funds']), decl('funds', ['trading']), decl('trading')]).map((l) => l.domain)).toEqual(['trading', 'funds', 'settlement']);
  });
  it('keeps the list order where nothing is declared', () => {
    expect(orderListeners('bills', [decl('settlement'), decl('requests')]).map((l) => l.domain)).toEqual(['settlement', 'requests']);
  });
  it('refuses a cycle and a domain that does not listen', () => {
    expect(() => orderListeners('contracts', [decl('a', ['b']), decl('b', ['a'])])).toThrow(/cycle/);
    expect(() => orderListeners('contracts', [decl('a', ['nobody'])])).toThrow(/nobody/);
  });
});
