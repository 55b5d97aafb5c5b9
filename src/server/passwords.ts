// Password hashing: scrypt N=2^16, r=8, p=1 with a 16-byte per-user salt.
// Stored as `scrypt$N$r$p$salt$hash` so the parameters can be raised later without a migration.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * log2 of scrypt's N for new hashes. The test runner lowers it (PASSWORD_HASH_COST=10 in
 * vitest.config.ts, as Django's test settings swap in a fast hasher): the suites register
 * and sign in thousands of users. Below 15 is refused in production.
 */
export function hashCost(env: NodeJS.ProcessEnv = process.env): number {
  const cost = env.PASSWORD_HASH_COST === undefined ? 16 : Number(env.PASSWORD_HASH_COST);
  if (!Number.isInteger(cost) || cost < 10 || cost > 20) throw new Error(`PASSWORD_HASH_COST must be an integer from 10 to 20, not ${env.PASSWORD_HASH_COST}`);
  if (cost < 15 && env.NODE_ENV === 'production') throw new Error('PASSWORD_HASH_COST below 15 is refused in production');
  return cost;
}

const N = 2 ** hashCost();
const R = 8;
const P = 1;
const KEYLEN = 32;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    // maxmem must exceed 128*N*r bytes (64 MiB here).
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { ...opts, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing anyone knows: verifying against it costs the same as a real check. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')));
