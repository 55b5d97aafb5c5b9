// Which errors mean the database was out of reach (answered 503 with Retry-After, src/server/db/unavailable.ts).
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';

/** An error as postgres-js rejects a query with: its code, and the query put on it. */
const driverError = (code: string) => Object.assign(new Error(code), { code, query: 'select 1' });
const socketError = (code: string) => Object.assign(new Error(`connect ${code}`), { code, errno: -1, syscall: 'connect' });

describe('isDatabaseUnavailable', () => {
  it("knows the driver's lost connections, wrapped by drizzle or not", () => {
    for (const code of ['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']) {
      expect(isDatabaseUnavailable(driverError(code))).toBe(true);
      expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], driverError(code)))).toBe(true);
    }
  });

  it('knows a socket error that came with a query, and not one that did not (an SMS provider out of reach)', () => {
    expect(isDatabaseUnavailable(Object.assign(socketError('ECONNRESET'), { query: 'select 1' }))).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], socketError('ECONNREFUSED')))).toBe(true);
    expect(isDatabaseUnavailable(socketError('ECONNREFUSED'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('fetch failed', { cause: socketError('ECONNRESET') }))).toBe(false);
  });

  it("knows PostgreSQL's connection exceptions and shutdowns, and nothing else it answers", () => {
    for (const code of ['08000', '08003', '08006', '08001', '08P01', '57P01', '57P02', '57P03']) expect(isDatabaseUnavailable(driverError(code))).toBe(true);
    for (const code of ['23505', '40001', '40P01', '57014', '22P02', '42P01']) expect(isDatabaseUnavailable(driverError(code))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
