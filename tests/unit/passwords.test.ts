// Password hashes: the production cost, the test runner's cheaper one, and that a hash made at
// one cost verifies whatever the current cost is (the cost is stored in the hash).
import { scryptSync } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { hashCost, hashPassword, verifyPassword } from '../../src/server/domains/auth/passwords';

describe('password hash cost', () => {
  test('is 2^16 unless configured', () => {
    expect(hashCost({})).toBe(16);
    expect(hashCost({ PASSWORD_HASH_COST: '18' })).toBe(18);
  });

  test('refuses a value out of range, and a cheap one in production', () => {
    for (const bad of ['9', '21', '12.5', 'fast', '']) expect(() => hashCost({ PASSWORD_HASH_COST: bad })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => hashCost({ PASSWORD_HASH_COST: '10', NODE_ENV: 'production' })).toThrow(/production/);
    expect(hashCost({ PASSWORD_HASH_COST: '15', NODE_ENV: 'production' })).toBe(15);
  });

  test('the test runner hashes at its configured cost and verifies a production-cost hash', async () => {
    const stored = await hashPassword('Settle2026!');
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 10), '8', '1']);
    expect(await verifyPassword('Settle2026!', stored)).toBe(true);
    expect(await verifyPassword('settle2026!', stored)).toBe(false);

    const salt = Buffer.alloc(16, 7);
    const key = scryptSync('Settle2026!', salt, 32, { N: 2 ** 16, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
    const production = ['scrypt', 2 ** 16, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword('Settle2026!', production)).toBe(true);
  });
});
