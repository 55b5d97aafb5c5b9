import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';

// The user's language choice survives reloads (SPEC §1: zh-CN default, en-US fallback).
export const LANGUAGE_STORAGE_KEY = 'lang';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): fall back to the default.
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    /* the choice simply does not persist */
  }
}
