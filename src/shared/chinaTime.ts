// China time (UTC+8, no daylight saving): the calendar the product's days are in (an offer's
// valid-until, a contract's release day, a receipt's number, an ID card's birth date).

/** The China calendar day of `at`, YYYY-MM-DD. */
export const chinaDay = (at: Date): string => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A YYYY-MM-DD day before today in China at `now` (an offer valid until then would expire at once). */
export const isPastChinaDay = (day: string, now: Date): boolean => day < chinaDay(now);
