// A bounded memo for values that are pure functions of a string key and costly to build (CASL
// abilities: built per request they were a fifth of the server's allocations per collateral
// payment, docs/decisions.md "Collateral payments: third pass"). The oldest entry goes once
// `limit` is reached, so keys that vary per account cannot grow it without bound.

export interface Memo<V> {
  /** The value kept for `key`, made by `make` (and kept) the first time. */
  get(key: string, make: () => V): V;
  readonly size: number;
}

export function boundedMemo<V>(limit: number): Memo<V> {
  const kept = new Map<string, V>();
  return {
    get(key, make) {
      const hit = kept.get(key);
      if (hit !== undefined) return hit;
      const made = make();
      if (kept.size >= limit) kept.delete(kept.keys().next().value as string);
      kept.set(key, made);
      return made;
    },
    get size() {
      return kept.size;
    },
  };
}
