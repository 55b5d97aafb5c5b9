// Fields the server derives from a record's data (amounts in fen) instead of trusting the
// client: a resource names in `compute` a function a domain contributes (Domain.compute); it runs
// on create, edit and records made by handlers, before validation, and what it returns replaces
// what was sent.
import { contributions } from '../domain';

export type ComputeFn = (data: Record<string, unknown>) => Record<string, unknown>;

/** `data` with the derived fields of `name` (unchanged when the resource computes nothing). */
export function computed(name: string | undefined, data: Record<string, unknown>): Record<string, unknown> {
  const fn = name ? contributions().compute.get(name) : undefined;
  return fn ? { ...data, ...fn(data) } : data;
}
