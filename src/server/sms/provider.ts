// Where SMS codes go. Production plugs in a real gateway behind this interface; the
// `console` provider prints codes and keeps them in an outbox for development.
import type { SmsScene } from '../../shared/constants';
import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema';

export interface SmsMessage {
  phone: string;
  scene: SmsScene;
  code: string;
  sentAt: Date;
}

export interface SmsProvider {
  readonly name: string;
  send(db: Db, message: SmsMessage): Promise<void>;
}

/** Prints each code (through `log`) and keeps it in the outbox table for /api/dev/outbox. */
export function consoleSmsProvider(log: (line: string) => void = console.info): SmsProvider {
  return {
    name: 'console',
    async send(db, m) {
      await db.insert(smsOutbox).values({ phone: m.phone, scene: m.scene, code: m.code, sentAt: m.sentAt });
      log(`[sms:console] ${m.phone} ${m.scene} code=${m.code}`);
    },
  };
}

export function smsProviderFor(name: string, production: boolean): SmsProvider {
  if (name === 'console') {
    if (production) throw new Error('SMS_PROVIDER=console is for development only; configure a real SMS provider with NODE_ENV=production.');
    return consoleSmsProvider();
  }
  throw new Error(`Unknown SMS_PROVIDER "${name}". Available: console.`);
}
