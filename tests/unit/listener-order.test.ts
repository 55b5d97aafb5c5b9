// Listeners of one resource run in the order they declare (events.ts orderListeners), not the
// order of the domain list: `after` names the domains whose listeners must run first.
import { describe, expect, it } from 'vitest';
import { hearAll, orderListeners, type ListenerDeclaration, type RecordEvent } from '../../src/server/resources/events';

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
  it('has a set-based move heard listener by listener: at once where a listener has a set-based form, else event by event', async () => {
    const heard: string[] = [];
    const events = ['r1', 'r2', 'r3'].map((id) => ({ action: 'create', after: { id } }) as unknown as RecordEvent);
    const listeners = orderListeners('bills', [
      { domain: 'requests', decl: { listen: async (e) => void heard.push(`requests:${e.after.id}`), after: ['settlement'] } },
      { domain: 'settlement', decl: { listen: async (e) => void heard.push(`settlement:${e.after.id}`), listenMany: async (es) => void heard.push(`settlement:[${es.map((e) => e.after.id).join(',')}]`) } },
    ]);
    await hearAll(listeners, events);
    expect(heard).toEqual(['settlement:[r1,r2,r3]', 'requests:r1', 'requests:r2', 'requests:r3']);
    heard.length = 0;
    await hearAll(listeners, []);
    expect(heard).toEqual([]);
  });
});
