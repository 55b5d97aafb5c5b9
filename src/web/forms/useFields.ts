import { useCallback, useState } from 'react';

/** A field's rule: the message to show, or null when the value is fine. */
export type FieldRule = (value: string) => string | null;

/**
 * A small form state for the login page, where antd's Form (rc-field-form, async-validator,
 * grid, tooltip: ~40 KB gzip) would not fit the first-load budget. Like antd's default, a
 * field is checked as it changes and every field on submit.
 */
export function useFields<Name extends string>(rules: Record<Name, FieldRule>) {
  const names = Object.keys(rules) as Name[];
  const [values, setValues] = useState(() => Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});

  const setValue = (name: Name, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: rules[name](value) ?? undefined }));
  };

  /** Empties a field without judging it (a used captcha is cleared, not wrong). */
  const clear = (name: Name) => {
    setValues((current) => ({ ...current, [name]: '' }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  /** Checks the given fields (all by default), shows their messages, and says whether all passed. */
  const validate = (only: Name[] = names): boolean => {
    const found = Object.fromEntries(only.map((name) => [name, rules[name](values[name]) ?? undefined]));
    setErrors((current) => ({ ...current, ...found }));
    return Object.values(found).every((message) => message === undefined);
  };

  /** Shows messages from elsewhere (the server's field errors). */
  const setFieldErrors = useCallback((messages: Partial<Record<Name, string>>) => {
    setErrors((current) => ({ ...current, ...messages }));
  }, []);

  return { names, values, errors, setValue, clear, validate, setFieldErrors };
}
