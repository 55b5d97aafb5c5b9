// Unsent authentication forms survive a reload: the values are kept in localStorage per account
// and form, without transient fields (the SMS code proves a phone once and is never kept), and
// dropped once the form is submitted.

const PREFIX = 'lsf.authDraft';

export interface Draft {
  /** Epoch milliseconds of the last change. */
  savedAt: number;
  data: Record<string, unknown>;
}

const keyOf = (accountId: string, form: string) => `${PREFIX}.${accountId}.${form}`;

const isEmptyValue = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

export function readDraft(accountId: string, form: string): Draft | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(accountId, form)) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return null;
    const { savedAt, data } = parsed as Partial<Draft>;
    if (typeof savedAt !== 'number' || !data || typeof data !== 'object' || Array.isArray(data)) return null;
    return { savedAt, data };
  } catch {
    return null;
  }
}

/** Keeps `data` minus the `transient` fields; an empty form leaves no draft. */
export function writeDraft(accountId: string, form: string, data: Record<string, unknown>, transient: readonly string[], now = Date.now()): void {
  const kept = Object.fromEntries(Object.entries(data).filter(([field, value]) => !transient.includes(field) && !isEmptyValue(value)));
  try {
    if (Object.keys(kept).length === 0) localStorage.removeItem(keyOf(accountId, form));
    else localStorage.setItem(keyOf(accountId, form), JSON.stringify({ savedAt: now, data: kept } satisfies Draft));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept.
  }
}

export function clearDraft(accountId: string, form: string): void {
  localStorage.removeItem(keyOf(accountId, form));
}
