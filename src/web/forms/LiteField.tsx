import type { ReactNode } from 'react';

/** One row of a useFields form: the control, then its message in antd's error style. */
export function LiteField({ id, error, children }: { id: string; error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'lite-field lite-field--error' : 'lite-field'}>
      {children}
      {error && (
        <div id={`${id}-error`} className="lite-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** Props that tie an input to its LiteField message for assistive technology. */
export const describedBy = (id: string, error?: string) => ({
  id,
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** The form-level error (e.g. wrong password), styled like antd's error Alert. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div className="form-alert" role="alert">
      {children}
    </div>
  );
}
