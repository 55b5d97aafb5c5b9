// Fields the server derives from a record's data (amounts in fen) instead of trusting the
// client: a resource names a registered function in `compute`; it runs on create, edit and
// records made by handlers, before validation, and what it returns replaces what was sent.
const computers = new Map<string, (data: Record<string, unknown>) => Record<string, unknown>>();

export function registerCompute(name: string, fn: (data: Record<string, unknown>) => Record<string, unknown>): void {
  if (computers.has(name)) throw new Error(`compute '${name}' is registered twice`);
  computers.set(name, fn);
}

export const knownCompute = (name: string): boolean => computers.has(name);

/** `data` with the derived fields of `name` (unchanged when the resource computes nothing). */
export function computed(name: string | undefined, data: Record<string, unknown>): Record<string, unknown> {
  const fn = name ? computers.get(name) : undefined;
  return fn ? { ...data, ...fn(data) } : data;
}
