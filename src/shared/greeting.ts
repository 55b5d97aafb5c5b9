// Header greeting by local hour (SPEC §9). Texts live in locales/*/common.json under greeting.*.

export type GreetingKey = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

/**
 * hour < 9 morning; 9-11 forenoon; 12-13 noon; 14-19 afternoon; 20-23 evening.
 * Takes the whole hour of Date#getHours(); anything else (fractions, NaN, 24) is a caller
 * bug and throws RangeError rather than greeting someone wrongly.
 */
export function greetingKey(hour: number): GreetingKey {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) {
    throw new RangeError(`greetingKey: hour must be an integer 0-23, got ${hour}`);
  }
  if (hour < 9) return 'morning';
  if (hour <= 11) return 'forenoon';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
}
