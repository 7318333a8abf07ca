import { is, Placeholder } from 'drizzle-orm';
import type { Db } from './types';

/** A row as the database sent it: every column in text format, in select order. */
export type RawRow = (string | null)[];

/**
 * Runs a named statement with text parameters and answers its rows as text: PostgreSQL's
 * pipelined connection (db/pipeline.ts), PGlite's named statements (db/pglite-statements.ts).
 * Each `run` is one statement and one round trip.
 */
export interface StatementRunner {
  run(name: string, text: string, values: readonly (string | null)[]): Promise<RawRow[]>;
}

/**
 * Where a prepared statement runs. On PostgreSQL each lane is its own connection or pool,
 * because a pipelined connection answers in order and a slow statement delays every one sent
 * after it:
 * - `hot`: the token check and the poll, one pipelined connection; statements that always
 *   answer in microseconds.
 * - `list`: a page of a list with its total, a second pipelined connection; quick, but its time
 *   grows with the list (a page's total of a 100 000-row ledger counts for ~30 ms), so a large
 *   list delays other pages, never a poll.
 * - `wait`: statements that may wait for a row lock (a money call's), on eight pipelined
 *   connections of their own, each statement to the one with the fewest in flight, so a wait
 *   holds up only the few already behind it there (decision 030).
 * PGlite has one runner for all three.
 */
export type StatementLane = 'hot' | 'list' | 'wait';
export type StatementRunners = Record<StatementLane, StatementRunner>;

const runners = new WeakMap<Db, StatementRunners>();

/** The runners of `db`'s prepared statements; only the handle given here has them. */
export function setStatementRunners(db: Db, lanes: StatementRunners): void {
  runners.set(db, lanes);
}

/** A parameter on the wire, in PostgreSQL's text format. */
function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return value.toString();
    default:
      return JSON.stringify(value);
  }
}

/**
 * A hot statement (the 5-second poll and the token check): its SQL is built with Drizzle once,
 * then every call runs it by name with new placeholder values, so the database parses and
 * plans it once per connection (PGlite otherwise re-parses and re-plans every call, which was
 * most of its CPU per poll) and Drizzle does no work per call. Rows come back as text for the
 * caller to decode (`decode.*`). Each must be one standalone statement that answers quickly,
 * on its `lane` (`StatementLane`: the poll's by default). Not for transaction handles.
 */
export function preparedStatement<P extends string>(
  name: string,
  build: (db: Db) => { toSQL(): { sql: string; params: unknown[] } },
  { lane = 'hot' }: { lane?: StatementLane } = {},
): (db: Db, values: Record<P, unknown>) => Promise<RawRow[]> {
  let compiled: { text: string; params: unknown[] } | undefined;
  return (db, values) => {
    const runner = runners.get(db)?.[lane];
    if (!runner) throw new Error(`no statement runner for this database handle (${name})`);
    if (!compiled) {
      const query = build(db).toSQL();
      compiled = { text: query.sql, params: query.params };
    }
    const params = compiled.params.map((p) => toText(is(p, Placeholder) ? values[p.name as P] : p));
    return runner.run(name, compiled.text, params);
  };
}

/** Text-format column values as Drizzle's columns map them. */
export const decode = {
  int: (value: string | null): number => Number(value),
  /** int8 money columns in `mode: 'bigint'`. */
  bigint: (value: string | null): bigint => BigInt(value!),
  bool: (value: string | null): boolean => value === 't',
  /** timestamptz, as Drizzle's `timestamp(…, { withTimezone: true })` reads it. */
  date: (value: string | null): Date => new Date(value!),
  dateOrNull: (value: string | null): Date | null => (value === null ? null : new Date(value)),
};
