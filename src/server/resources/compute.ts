// Fields the server derives from a record's data (amounts in fen) instead of trusting the
// client: a resource names in `compute` a function a domain contributes (Domain.compute); it runs
// on create, edit and records made by handlers, before validation, and what it returns replaces
// what was sent. The registry holds each resource's function (CompiledResource.compute).
import type { CompiledResource } from './registry';

export type ComputeFn = (data: Record<string, unknown>) => Record<string, unknown>;

/** `data` with the resource's derived fields (unchanged when it computes nothing). */
export function computed(r: Pick<CompiledResource, 'compute'>, data: Record<string, unknown>): Record<string, unknown> {
  return r.compute ? { ...data, ...r.compute(data) } : data;
}
