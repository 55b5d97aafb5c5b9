import { useQueryClient, type Query } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { getToken } from '../providers/session';
import { CONSOLE_ROUTES, resourceNameOf } from '../refine/resources';
import { SYSTEM } from '../refine/systemData';
import type { LiveMove } from './liveStream';

// The console that updates itself (DESIGN §10): a move made anywhere (another tab, another user,
// another node, a job) reaches the signed-in user's stream, and what shows it is read again in
// the background: the open lists and record pages of that resource, and the `system` reads (the
// unread badge, todo counts, the ops queues' badges, wallet figures). Moves arriving together are
// applied together (one refresh per burst). Pages mark what changed quietly (LiveMark) instead of
// jumping: react-query keeps the rows shown while it reads them again.

/** Moves closer together than this are one refresh. */
export const LIVE_BATCH_MS = 150;

interface LiveApi {
  /** When a move of `resource` (and of record `id`, if given) was last applied; 0 if never. */
  updatedAt(resource: string, id?: string): number;
  /** Bumps with every applied burst, so marks re-render. */
  tick: number;
}

const LiveContext = createContext<LiveApi>({ updatedAt: () => 0, tick: 0 });

/** The refine identifiers (route keys) under which a resource's lists and records are cached. */
const IDENTIFIERS = new Map<string, Set<string>>();
for (const route of CONSOLE_ROUTES) {
  const name = resourceNameOf(route);
  IDENTIFIERS.set(name, new Set([...(IDENTIFIERS.get(name) ?? [name]), route.key]));
}

const isDefaultOf = (names: ReadonlySet<string>) => (query: Query) => {
  const key = query.queryKey;
  return key[0] === 'data' && key[1] === 'default' && typeof key[2] === 'string' && names.has(key[2]);
};
const isSystem = (query: Query) => query.queryKey[0] === 'data' && query.queryKey[1] === SYSTEM;

export function LiveProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const token = getToken();
  const [tick, setTick] = useState(0);
  const updated = useRef(new Map<string, number>());
  useEffect(() => {
    if (!token) return;
    let pending: LiveMove[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      timer = undefined;
      const moves = pending;
      pending = [];
      const names = new Set<string>();
      const now = Date.now();
      for (const move of moves) {
        for (const name of IDENTIFIERS.get(move.resource) ?? [move.resource]) names.add(name);
        updated.current.set(move.resource, now);
        updated.current.set(`${move.resource}/${move.id}`, now);
      }
      void client.invalidateQueries({ predicate: isDefaultOf(names) });
      void client.invalidateQueries({ predicate: isSystem });
      setTick((n) => n + 1);
    };
    // The stream's client (the eventsource package) loads after the first paint, not with the shell.
    let closed = false;
    let close = () => {};
    void import('./liveStream').then(({ openLiveStream }) => {
      if (closed) return;
      close = openLiveStream(token, (move) => {
        pending.push(move);
        timer ??= setTimeout(apply, LIVE_BATCH_MS);
      });
    });
    return () => {
      closed = true;
      close();
      clearTimeout(timer);
    };
  }, [client, token]);
  const api = useMemo(() => ({ tick, updatedAt: (resource: string, id?: string) => updated.current.get(id ? `${resource}/${id}` : resource) ?? 0 }), [tick]);
  return <LiveContext.Provider value={api}>{children}</LiveContext.Provider>;
}

export const useLive = (): LiveApi => useContext(LiveContext);
