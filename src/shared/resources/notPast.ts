// Days that may not be already past in China when a record is saved: a resource's expiry field
// (an offer's valid-until, which would expire at once) and every date field marked `x-notPast`
// (a delivery date). One rule for both sides: the server's checkNotPastExpiry (with its clock)
// and the console's form (SchemaForm's custom check, DateWidget's disabled days).
import { isPastChinaDay } from '../chinaTime';
import type { FieldSchema } from './types';

/** The fields of `properties` that may not hold a past day: those marked x-notPast, and the expiry field. */
export function notPastFields(properties: Record<string, FieldSchema>, expiryField?: string): string[] {
  const marked = Object.keys(properties).filter((name) => properties[name]['x-notPast'] === true);
  return expiryField && !marked.includes(expiryField) ? [...marked, expiryField] : marked;
}

/** Of those fields, the ones whose value in `data` is a day already past in China at `now`. */
export function pastDayFields(fields: readonly string[], data: Record<string, unknown>, now: Date): string[] {
  return fields.filter((name) => {
    const day = data[name];
    return typeof day === 'string' && isPastChinaDay(day, now);
  });
}
