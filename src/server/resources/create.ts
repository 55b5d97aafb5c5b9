// Creating a record: what a client sends becomes the data a create writes (the server's own
// fields dropped, the derived ones computed, validated against the record's schema, the form's
// required fields present, no past expiry day, references the caller may read), then the
// resource's create handler and the one door (moves.ts createRecord). POST /api/r/:resource and
// an import's rows (import/) both go through here: one declaration, one check.
import type { FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import { AppError, fieldError } from '../errors';
import type { Db } from '../db/client';
import { currentUser, moverOf } from '../plugins/auth';
import { computed } from './compute';
import { createRecord } from './moves';
import { asRead, toView } from './records';
import { checkReferences } from './references';
import type { CompiledResource, ResourceRegistry } from './registry';
import { checkNotPastExpiry } from './validation';

/** The fields only the server sets (readOnly: amounts, signatures, names). */
export const serverFields = (r: CompiledResource) => Object.keys(r.def.record.properties).filter((f) => r.def.record.properties[f].readOnly);

/** A client's data without the server's fields: what it sends for them is ignored. */
export function clientData(r: CompiledResource, data: Record<string, unknown>): Record<string, unknown> {
  for (const f of serverFields(r)) delete data[f];
  return data;
}

/** The data with the resource's derived fields (compute), validated, the form's own required fields present; a 400 naming each bad field. */
export function validData(r: CompiledResource, sent: Record<string, unknown>, t: TFunction, now: Date): Record<string, unknown> {
  const data = computed(r, sent);
  try {
    r.check(data, t);
  } catch (err) {
    // A derived field is missing because what it derives from is wrong: name only the causes.
    const fields = err instanceof AppError ? err.fields : undefined;
    const causes = fields && Object.fromEntries(Object.entries(fields).filter(([f]) => !serverFields(r).includes(f)));
    throw causes && Object.keys(causes).length ? fieldError(causes) : err;
  }
  const missing = (r.def.form.required ?? []).filter((f) => data[f] === undefined || data[f] === null || data[f] === '');
  if (missing.length) throw fieldError(Object.fromEntries(missing.map((f) => [f, 'validation:required'])));
  checkNotPastExpiry(r.def, data, now);
  return data;
}

/** What a client sent for a new record, checked as a create checks it (validData, then its references): the data to write. */
export async function checkedNewData(db: Db, req: FastifyRequest, resources: ResourceRegistry, r: CompiledResource, sent: Record<string, unknown>, now: Date): Promise<Record<string, unknown>> {
  const data = validData(r, clientData(r, sent), req.t, now);
  await checkReferences(db, req, resources, r, data);
  return data;
}

/** Writes a checked new record in `tx`: the resource's create handler (parties, a patch), then the one door; answers the record as a read does. */
export async function createChecked(tx: Db, req: FastifyRequest, resources: ResourceRegistry, r: CompiledResource, sent: Record<string, unknown>, now: Date) {
  const me = currentUser(req);
  const outcome = (await r.createHandler?.({ tx, resource: r.def.name, def: r.def, data: sent, userId: me.id, accountId: me.accountId, now, resources })) ?? {};
  const data = outcome.patch ? { ...sent, ...outcome.patch } : sent;
  if (outcome.patch) r.check(data, req.t);
  const row = await createRecord(tx, r, resources, { accountId: me.accountId, mover: moverOf(me), data, now, parties: outcome.parties });
  return toView(await asRead(tx, r, row));
}
