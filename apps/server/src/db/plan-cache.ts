import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * The name a statement is prepared under to have PostgreSQL keep its plan (`planOnce`).
 * Never sent as is: each client renames it after the statement's text.
 */
const PLAN_ONCE = 'plan_once';

/**
 * Statement texts given a name per process. A connection keeps every statement it prepared
 * until it closes, so the number of distinct texts is bounded; past the bound a statement
 * runs unnamed, as any other (planned on every call, still correct).
 */
const MAX_NAMED = 500;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `plan_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The pool's client class on PostgreSQL: a statement prepared as PLAN_ONCE is sent under a
 * name derived from its text, so this connection parses it once and PostgreSQL keeps its plan
 * (a generic one after five runs when that is no worse). Every other statement goes through
 * untouched. On the client, not the pool: a transaction's checked-out connection renames too.
 */
export class PlanCachingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((config: unknown, ...rest: unknown[]) => {
      if (
        typeof config === 'object' &&
        config !== null &&
        (config as { name?: unknown }).name === PLAN_ONCE
      ) {
        const named = { ...(config as { text: string }) };
        return query({ ...named, name: nameOf(named.text) }, ...rest);
      }
      return query(config, ...rest);
    }) as pg.Client['query'];
  }
}

/**
 * Runs a staff or customer list's select with its plan kept (issue 19). Those statements join
 * four or five tables and carry correlated subqueries (the reused-proof flags) and the total:
 * PostgreSQL spent more CPU planning them than running them (1–8 ms against ~0.3 ms for the
 * bills queue). Each distinct text (one per combination of filters) is planned once per
 * connection. PGlite ignores the name and plans as before.
 */
export function planOnce<T>(query: {
  prepare(name: string): { execute(): Promise<T> };
}): Promise<T> {
  return query.prepare(PLAN_ONCE).execute();
}

const built = new WeakMap<object, Map<string, unknown>>();
/** Statements kept per database; past it the map starts over (a customer's own lists vary). */
const MAX_BUILT = 256;

/**
 * What Drizzle shares between a database handle and its transactions (the dialect), and the
 * connection a handle runs on (its session's client: the pool, PGlite, or a transaction's own).
 */
type Handle = { dialect?: object; session?: { client?: unknown } };

/**
 * A statement built once per process and database, its values passed as placeholders
 * (`sql.placeholder`), its plan kept as with `planOnce`. Building a statement in drizzle costs
 * more server CPU per call than the rest of a customer's page (~0.2 ms of ~1.5 ms, issue 19);
 * for the hottest ones it is done once. `key` names the shape (one per combination of
 * constant filters, columns and order, unique across callers); `build` gets the name to
 * prepare under. `db` may be a transaction: the statements are kept per database (the
 * dialect its transactions share) and the one answered runs on `db`'s own connection. The
 * transactions page, every queue's unfiltered lists and the money calls' statements use it.
 */
export function preparedOnce<P>(db: object, key: string, build: (name: string) => P): P {
  const owner = (db as Handle).dialect ?? db;
  let statements = built.get(owner);
  if (!statements) built.set(owner, (statements = new Map()));
  let statement = statements.get(key) as P | undefined;
  if (statement === undefined) {
    if (statements.size >= MAX_BUILT) statements.clear();
    statements.set(key, (statement = build(PLAN_ONCE)));
  }
  return onConnectionOf(statement, db);
}

/**
 * A prepared Drizzle statement runs on the client it was built with; one built on another
 * handle (the database, an earlier transaction) is answered bound to `db`'s connection.
 */
function onConnectionOf<P>(statement: P, db: object): P {
  const client = (db as Handle).session?.client;
  const bound = statement as { client?: unknown };
  if (client === undefined || bound.client === client) return statement;
  return Object.create(statement as object, { client: { value: client } }) as P;
}
