// Validation of a record (resource or form) on the server: the JSON Schema by the same ajv
// options and formats as the console's rjsf forms, then what a format cannot express (a
// region, alone or in a bank branch, is a code path: the kinds that hold one say where, in
// src/shared/resources/fieldKinds.ts). Problems become a 400 with one friendly message per field.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { TFunction } from 'i18next';
import { isRegionPath } from '../../shared/data/regions';
import { createRecordAjv, formatErrorMessage } from '../../shared/formats';
import { fieldBehaviour } from '../../shared/resources/fieldKinds';
import { notPastFields, pastDayFields } from '../../shared/resources/notPast';
import type { FieldSchema, ResourceDefinition } from '../../shared/resources/types';
import { fieldError, type MessageRef } from '../errors';

type RecordSchema = ResourceDefinition['record'];
export type RecordCheck = (data: Record<string, unknown>, t: TFunction) => void;

let ajv: ReturnType<typeof createRecordAjv> | undefined;
const sharedAjv = () => (ajv ??= createRecordAjv());

/** Where an ajv error belongs: the property it is about ('_' for the record as a whole). */
function fieldOf(e: ErrorObject): string {
  if (e.keyword === 'required' && e.instancePath === '') return String((e.params as { missingProperty: string }).missingProperty);
  if (e.keyword === 'additionalProperties' && e.instancePath === '') return String((e.params as { additionalProperty: string }).additionalProperty);
  return e.instancePath.split('/')[1] || '_';
}

export function errorsToFields(errors: readonly ErrorObject[], t: TFunction): Record<string, MessageRef> {
  const fields: Record<string, MessageRef> = {};
  for (const e of errors) {
    const field = fieldOf(e);
    if (fields[field]) continue; // the first problem of a field is the one to fix first
    const text = e.keyword === 'additionalProperties' && e.instancePath === '' ? t('errors:unknownField') : formatErrorMessage(e, t);
    fields[field] = { text };
  }
  return fields;
}

/** Region code paths of a record's top-level fields whose kind holds one (region, bank branch). */
function regionProblems(properties: Record<string, FieldSchema>, data: Record<string, unknown>): string[] {
  const bad: string[] = [];
  for (const [name, f] of Object.entries(properties)) {
    const v = data[name];
    const regionPath = fieldBehaviour(f).regionPath;
    if (v === undefined || !regionPath) continue;
    if (!isRegionPath(regionPath(v))) bad.push(name);
  }
  return bad;
}

export function compileRecordCheck(record: RecordSchema): RecordCheck {
  // Compiled on the first check, not at start: compiling every resource's and form's schema cost a
  // fifth of a restart's CPU (docs/decisions.md "Memory and start"); the files passed the meta-schemas.
  let validate: ValidateFunction | undefined;
  return (data, t) => {
    validate ??= sharedAjv().compile({ ...record, additionalProperties: false });
    if (!validate(data)) throw fieldError(errorsToFields(validate.errors ?? [], t));
    const regions = regionProblems(record.properties, data);
    if (regions.length) throw fieldError(Object.fromEntries(regions.map((k) => [k, 'formats:format.region'])));
  };
}

/**
 * A record's expiry date (its resource's `expiry.field`, an offer's valid-until) may not be a day
 * already past in China at `now` (the server's clock): such a record would expire at once; nor may
 * a date field marked x-notPast (a delivery date; shared/resources/notPast.ts, the form's rule too).
 * Checked on create, on edit, and on an action into a state that expires (publish).
 */
export function checkNotPastExpiry(def: Pick<ResourceDefinition, 'expiry' | 'record'>, data: Record<string, unknown>, now: Date): void {
  const past = pastDayFields(notPastFields(def.record.properties, def.expiry?.field), data, now);
  if (past.length) throw fieldError(Object.fromEntries(past.map((field) => [field, 'formats:notPast'])));
}

/** For an action's input: the same, with no region fields to check. */
export function compileInputCheck(input: NonNullable<NonNullable<ResourceDefinition['actions']>[number]['input']>): RecordCheck {
  return compileRecordCheck({ type: 'object', properties: input.properties, required: input.required });
}
