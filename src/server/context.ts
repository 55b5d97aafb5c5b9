// What every route module receives: one object, built once in app.ts.
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { SmsProvider } from './sms/provider';

export interface AppContext {
  db: Db;
  clock: Clock;
  config: Config;
  sms: SmsProvider;
}
