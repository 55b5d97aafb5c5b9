import { useMemo, useRef } from 'react';

// Idempotency-Key from the console (DESIGN §7, issue 8): the server runs a create or an action
// once per key and answers a replay with the stored response, and money actions refuse to run
// without one. The console sends one key per user intent:
// - an intent begins when the user opens the confirmation or dialog of an action, or starts a
//   submit (a direct action, the create form);
// - every attempt of that intent reuses its key: a double click joins the attempt in flight, a
//   retry after a network error, a timeout or a field error sends the same key again;
// - the intent ends when an attempt succeeds or the dialog is closed: the next one gets a new key.
// The server stores only successes, so a key reused after a refusal is taken as new; a retry
// after a success whose answer was lost is answered the stored response, not done twice.
// The data provider puts the key on the request (meta.idempotencyKey -> this header) and sends
// a fresh one on any create or action that names none, so no POST goes out without a key.

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A new key: a random UUID (the server takes 1-200 printable ASCII characters). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface Intent {
  /** A new intent starts (a confirmation or dialog opened): its first attempt gets a new key. */
  begin(): void;
  /**
   * One attempt of the intent named `what` (an action's name, `create`): `send` gets the intent's
   * key. An attempt of another intent than the current one starts a new intent; an attempt
   * while one of the same intent is in flight (a double click) gets that attempt's promise.
   * A success ends the intent.
   */
  attempt<T>(what: string, send: (key: string) => Promise<T>): Promise<T>;
  /** The intent is over (the dialog closed, the user left): the next attempt gets a new key. */
  end(): void;
  /** An attempt is in flight: a second click is the same intent, not a new request. */
  inFlight(): boolean;
}

interface Current {
  what: string;
  key: string;
  inFlight: Promise<unknown> | null;
}

/** The key of the current intent of one control (a record's action buttons, a create form). */
export function useIntent(): Intent {
  const current = useRef<Current | null>(null);
  return useMemo<Intent>(() => {
    const end = () => {
      current.current = null;
    };
    return {
      begin: end,
      end,
      inFlight: () => Boolean(current.current?.inFlight),
      attempt<T>(what: string, send: (key: string) => Promise<T>): Promise<T> {
        if (current.current?.what !== what) current.current = { what, key: newIdempotencyKey(), inFlight: null };
        const intent = current.current;
        if (intent.inFlight) return intent.inFlight as Promise<T>;
        const promise = send(intent.key).then(
          (result) => {
            if (current.current === intent) end();
            return result;
          },
          (error: unknown) => {
            intent.inFlight = null;
            throw error;
          },
        );
        intent.inFlight = promise;
        return promise;
      },
    };
  }, []);
}
