import type { Database } from '../../src/db/types';

/**
 * Counts the statements the app sends to the database: every call that reaches the driver
 * is one round trip. Wraps the driver objects the app was given, so app code has no
 * test-only paths. PGlite: `query`/`exec`, and each statement inside `transaction` plus its
 * BEGIN and COMMIT. node-postgres: each `query` on a client checked out of the pool.
 */
export type QueryCounter = {
  /** Statements since the last reset, with their SQL (for a readable failure). */
  readonly statements: string[];
  reset(): void;
  /** Runs `fn` and returns how many statements it sent. */
  measure(fn: () => Promise<unknown>): Promise<{ count: number; statements: string[] }>;
};

type AnyFn = (...args: unknown[]) => unknown;
const sqlOf = (arg: unknown) =>
  typeof arg === 'string' ? arg : String((arg as { text?: string } | undefined)?.text ?? arg);

export function countQueries(database: Database): QueryCounter {
  const statements: string[] = [];
  const client = (database.db as unknown as { $client: Record<string, AnyFn> }).$client;

  const wrap = (target: Record<string, AnyFn>, method: string) => {
    const original = target[method]!.bind(target);
    target[method] = (...args: unknown[]) => {
      statements.push(sqlOf(args[0]));
      return original(...args);
    };
  };

  if (database.driver === 'pglite') {
    wrap(client, 'query');
    wrap(client, 'exec');
    const transaction = client.transaction!.bind(client);
    client.transaction = (callback: unknown) => {
      statements.push('BEGIN');
      return (transaction as (cb: (tx: Record<string, AnyFn>) => unknown) => Promise<unknown>)(
        (tx) => {
          wrap(tx, 'query');
          wrap(tx, 'exec');
          return (callback as (tx: unknown) => unknown)(tx);
        },
      ).finally(() => statements.push('COMMIT/ROLLBACK'));
    };
  } else {
    // pool.query checks a client out through pool.connect too, so counting client queries
    // covers plain statements and transactions alike, each exactly once.
    const connect = client.connect!.bind(client) as (cb?: AnyFn) => unknown;
    const wrapped = new WeakSet<object>();
    const ensureWrapped = (connection: Record<string, AnyFn> | undefined) => {
      if (connection && !wrapped.has(connection)) {
        wrapped.add(connection);
        wrap(connection, 'query');
      }
    };
    client.connect = (callback?: unknown) => {
      if (typeof callback === 'function') {
        return connect((error: unknown, connection: unknown, release: unknown) => {
          ensureWrapped(connection as Record<string, AnyFn> | undefined);
          (callback as AnyFn)(error, connection, release);
        });
      }
      return (connect() as Promise<Record<string, AnyFn>>).then((connection) => {
        ensureWrapped(connection);
        return connection;
      });
    };
  }

  return {
    statements,
    reset() {
      statements.length = 0;
    },
    async measure(fn) {
      statements.length = 0;
      await fn();
      return { count: statements.length, statements: [...statements] };
    },
  };
}
