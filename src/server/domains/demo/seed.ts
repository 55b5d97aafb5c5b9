// `npm start -- --demo`: on an empty store, seed the demo world through the running server's own
// API (src/server/domains/demo/world.ts), then print who can sign in and how. A store that already has
// an account other than platform operations is never seeded again.
import { inArray, ne } from 'drizzle-orm';
import { setPaymentPassword } from '../../confirm';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { uncapCodes } from '../../sms/codes';
import { demoClient } from './client';
import { DEMO_PAYMENT_PASSWORD, DEMO_PEOPLE, DEMO_WHOLESALER, demoLogins } from './logins';
import { buildWorld, type WorldSummary } from './world';

export { DAY_MS, DEMO_HISTORY_DAYS, SeedingClock } from './clock';
export { DEMO_OPS, demoLogins } from './logins';

/** True while no account other than platform operations exists. */
export async function storeIsEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(ne(accounts.type, 'platform')).limit(1);
  return rows.length === 0;
}

export interface SeedOptions {
  db: Db;
  /** The running server, e.g. http://127.0.0.1:8080. */
  baseUrl: string;
  /**
   * The server's clock, which the seeder moves forward (through the month of history, and past the
   * SMS resend window); see ./clock.ts. The world's history ends DEMO_HISTORY_DAYS after the clock's
   * time when seeding starts: SeedingClock starts that far back; a test rewinds its own clock.
   */
  clock: DemoClock;
  ops: { phone: string; password: string };
}

export interface DemoClock {
  now(): Date;
  advance(ms: number): void;
  jobsHeld?: boolean;
}

export type SeedResult = { seeded: false } | { seeded: true; summary: WorldSummary; ms: number };

/** Seeds the demo world unless the store already holds accounts. */
export async function seedDemo(opts: SeedOptions): Promise<SeedResult> {
  if (!(await storeIsEmpty(opts.db))) return { seeded: false };
  const started = Date.now();
  // No scheduled job (a daily clearing run, an automatic release) runs in the middle of the history.
  opts.clock.jobsHeld = true;
  const summary = await buildWorld(demoClient(opts.baseUrl, (ms) => opts.clock.advance(ms)), opts.ops, opts.clock).finally(() => {
    opts.clock.jobsHeld = false;
  });
  const phones = Object.values(DEMO_PEOPLE).map((p) => p.phone);
  // The codes the seeder sent count against no cap: the demo people start their day with all of theirs.
  await uncapCodes(opts.db, [...phones, DEMO_WHOLESALER.phone, opts.ops.phone]);
  // Each demo person confirms money steps with a known payment password (or SMS, or an authenticator they bind).
  const people = await opts.db.select({ id: users.id }).from(users).where(inArray(users.phone, phones));
  const now = new Date();
  for (const p of people) await setPaymentPassword(opts.db, p.id, DEMO_PAYMENT_PASSWORD, now);
  return { seeded: true, summary, ms: Date.now() - started };
}

/** What the terminal shows after seeding (or skipping it): the logins and how to sign in. */
export function demoReport(result: SeedResult, origin: string, ops: { adminPhone?: string; adminPassword?: string }): string {
  const lines: string[] = [];
  if (result.seeded) {
    lines.push(`demo: seeded the demo world in ${(result.ms / 1000).toFixed(1)} s`);
    for (const [resource, states] of Object.entries(result.summary)) {
      lines.push(`  ${resource}: ${Object.entries(states).map(([state, n]) => `${state} ${n}`).join(', ')}`);
    }
  } else {
    lines.push('demo: the store already holds accounts, so the demo world was not seeded again (use an empty DATA_DIR for a fresh one)');
  }
  lines.push(`demo logins (sign in at ${origin}/user/login; the captcha answer is in ${origin}/api/dev/outbox):`);
  for (const l of demoLogins(ops)) lines.push(`  ${l.role.padEnd(15)} ${l.phone}  ${l.password ?? '(ADMIN_PASSWORD)'}  ${l.name}`);
  lines.push(`demo payment password of every demo person but operations: ${DEMO_PAYMENT_PASSWORD}`);
  return lines.join('\n');
}
