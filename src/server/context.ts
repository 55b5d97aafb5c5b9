// What every route module receives: one object, built once in app.ts.
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { SmsProvider } from './sms/provider';

export interface AppContext {
  db: Db;
  /**
   * PostgreSQL serves many connections (and nodes) at once; PGlite one. Where a count must be
   * committed while a transaction is open (a wrong SMS code), only PostgreSQL has a second connection.
   */
  dbKind: 'pglite' | 'postgres';
  clock: Clock;
  config: Config;
  sms: SmsProvider;
  /**
   * Public origin of each variant this deployment serves (variant id -> 'http://host:port').
   * Filled once the listeners are up; variant consoles read it to find the main platform's
   * sign-in, and the main sign-in only hands a token back to these origins.
   */
  origins: Record<string, string>;
}
