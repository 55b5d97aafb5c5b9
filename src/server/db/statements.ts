// Statements built once. Drizzle turns a query builder into SQL text on every call (walking its
// column and condition objects); on the path every request and every action takes (the session
// lookup, the record lock and write, the Idempotency-Key) that was the largest share of the
// server's own CPU after the driver (docs/decisions.md "Collateral payments: where the time
// goes"). A hot statement is written once with sql.placeholder() for what varies; its text,
// parameters and result mapping are made on the first call and kept, and each call binds them to
// the caller's session (the pool or a transaction: drizzle's own prepare() is tied to the
// database it was built on) and fills in the values.
import { sql } from 'drizzle-orm';
import type { Column, SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * A value of the statement named `name`, written as `column` writes its values (a Date as
 * timestamptz text, an object as JSON): a bare sql.placeholder() would hand the driver the
 * value as is, which only some drivers take.
 */
export const slot = (name: string, column: Column): SQL => sql`${sql.param(sql.placeholder(name), column)}`;

type Preparable = { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> } };
type Built = { execute(values?: Record<string, unknown>): Promise<unknown>; joinsNotNullableMap?: unknown };
type Session = { prepareQuery(...args: unknown[]): Built };

/**
 * `build` makes the statement on the database it is given, with sql.placeholder('name') for each
 * value; the answer runs it on `db` with `values` and answers what the builder would.
 */
export function statement<Q extends Preparable>(name: string, build: (db: Db) => Q) {
  type Result = Awaited<ReturnType<ReturnType<Q['prepare']>['execute']>>;
  let made: { args: unknown[]; joins: unknown } | undefined;
  return (db: Db, values: Record<string, unknown>): Promise<Result> => {
    const session = (db as unknown as { _: { session: Session } })._.session;
    if (!made) made = capture(name, build(db));
    const query = session.prepareQuery(...made.args);
    // Selects with joins say which joined tables may be null; drizzle keeps that beside the query.
    if (made.joins !== undefined) query.joinsNotNullableMap = made.joins;
    return query.execute(values) as Promise<Result>;
  };
}

/** What the builder hands its session to prepare (text, parameters, fields, mode): built once, by the builder's own code. */
function capture(name: string, builder: Preparable): { args: unknown[]; joins: unknown } {
  let args: unknown[] | undefined;
  let joins: unknown;
  const recorder: Session = {
    prepareQuery: (...a: unknown[]) => {
      args = a;
      const built = {
        execute: () => Promise.reject(new Error('statement: capture only')),
        setToken: () => built,
        set joinsNotNullableMap(v: unknown) {
          joins = v;
        },
      };
      return built;
    },
  };
  builder.prepare.call(new Proxy(builder, { get: (t, p, r) => (p === 'session' ? recorder : Reflect.get(t, p, r)) }), name);
  if (!args) throw new Error(`statement ${name}: the builder prepared nothing`);
  return { args, joins };
}

/**
 * A statement per resource, its name written into the text: `build` gets the resource as a SQL
 * literal. resource_records is partitioned by resource, and a kept statement whose resource is a
 * parameter gets a generic plan over every partition (each opened and locked on every call, the
 * partition chosen only as it runs); with the name in the text the plan is the resource's own
 * partition (docs/decisions.md "Records partitioned by resource").
 */
export function statementPerResource<Q extends Preparable>(name: string, build: (db: Db, resource: SQL) => Q) {
  const made = new Map<string, ReturnType<typeof statement<Q>>>();
  return (db: Db, resource: string, values: Record<string, unknown>) => {
    let run = made.get(resource);
    if (!run) {
      const text = nameLiteral(resource);
      run = statement(`${name}_${resource}`, (db) => build(db, sql.raw(text)));
      made.set(resource, run);
    }
    return run(db, values);
  };
}

/** A name from a resource file (checked against its meta-schema when loaded, and again here) as an SQL literal. */
export function nameLiteral(name: string): string {
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`not a plain name: ${name}`);
  return `'${name}'`;
}
