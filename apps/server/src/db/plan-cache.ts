import { createHash } from 'node:crypto';
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
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

type Stream = { cork(): void; uncork(): void };
type Result = Pick<pg.QueryResult, 'command' | 'rowCount' | 'rows' | 'fields' | 'oid'>;
/** What a BEGIN answers; nobody reads it (Drizzle's transaction awaits it and goes on). */
const BEGUN: Result = { command: 'BEGIN', rowCount: null, rows: [], fields: [], oid: 0 };

const textOf = (config: unknown) => (typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text);
const isBegin = (config: unknown) => textOf(config) === 'begin';
const endsTransaction = (config: unknown) => textOf(config) === 'commit' || textOf(config) === 'rollback';

/**
 * The pool's client class on PostgreSQL.
 *
 * - A statement prepared as PLAN_ONCE is sent under a name derived from its text, so this
 *   connection parses it once and PostgreSQL keeps its plan (a generic one after five runs
 *   when that is no worse). On the client, not the pool: a transaction's checked-out
 *   connection renames too.
 * - A transaction's BEGIN leaves with its first statement, in one write (issue 19: a round
 *   trip costs ~0.1–0.15 ms of the event loop here, and wakes PostgreSQL once more). The
 *   client runs in node-postgres' pipeline mode; BEGIN is written to the corked socket and
 *   answered at once, and the next statement uncorks it. That statement's answer waits for
 *   BEGIN's: if BEGIN failed, so does it. Only one caller uses a checked-out client, and
 *   Drizzle awaits each statement, so nothing else is ever in flight beside them.
 * - `afterWrite` (a pool option) runs after every COMMIT and every write outside a transaction:
 *   the change feed then sends what the commit left in the signal outbox (db/change-feed.ts).
 *
 * Every other statement goes through untouched.
 */
export class PlanCachingClient extends pg.Client {
  constructor(config?: string | (pg.ClientConfig & { afterWrite?: () => void })) {
    super(typeof config === 'string' ? { connectionString: config, pipeline: true } : { ...config, pipeline: true });
    const afterWrite = typeof config === 'object' ? config.afterWrite : undefined;
    const query = this.query.bind(this) as (...args: unknown[]) => Promise<unknown>;
    const sendNamed = (config: unknown, rest: unknown[]): Promise<unknown> => {
      if (typeof config === 'object' && config !== null && (config as { name?: unknown }).name === PLAN_ONCE) {
        const named = { ...(config as { text: string }) };
        return query({ ...named, name: nameOf(named.text) }, ...rest);
      }
      return query(config, ...rest);
    };
    const stream = () => (this as unknown as { connection: { stream: Stream } }).connection.stream;
    /**
     * Corks the socket until the returned release runs (once), or at the latest until this turn
     * of the event loop ends: what was written alone then leaves alone. `released` runs either way.
     */
    const corkThisTurn = (released: () => void) => {
      const socket = stream();
      socket.cork();
      let open = true;
      const release = () => {
        if (!open) return;
        open = false;
        released();
        socket.uncork();
      };
      setImmediate(release);
      return release;
    };
    /** A BEGIN written but not yet sent, to leave with the next statement. */
    let begun: { answer: Promise<unknown>; release: () => void } | null = null;
    /** Between a BEGIN and its COMMIT or ROLLBACK: a write there counts once committed. */
    let inTransaction = false;
    const isWrite = (command: unknown) => command === 'INSERT' || command === 'UPDATE' || command === 'DELETE';
    const send = (config: unknown, rest: unknown[]): Promise<unknown> => {
      if (!afterWrite) return sendNamed(config, rest);
      const alone = !inTransaction && !isBegin(config);
      const done = (result: unknown) => {
        const command = (result as Result | undefined)?.command;
        if (command === 'COMMIT' || (alone && isWrite(command))) afterWrite();
      };
      // The pool's own query (a statement outside a transaction) passes a callback.
      const callback = rest.at(-1);
      const args =
        typeof callback === 'function'
          ? [
              ...rest.slice(0, -1),
              (error: unknown, result: unknown) => {
                if (!error) done(result);
                (callback as (error: unknown, result: unknown) => void)(error, result);
              },
            ]
          : rest;
      const sent = sendNamed(config, args);
      if (isBegin(config)) inTransaction = true;
      else if (endsTransaction(config)) inTransaction = false;
      // A promise unless called with a callback (answered above) or a submittable (a cursor).
      if (typeof (sent as Partial<Promise<unknown>> | undefined)?.then === 'function') sent.then(done, () => {});
      return sent;
    };
    this.query = ((config: unknown, ...rest: unknown[]) => {
      if (isBegin(config) && begun === null && typeof rest.at(-1) !== 'function') {
        const release = corkThisTurn(() => (begun = null));
        const answer = send(config, rest);
        answer.catch(() => {});
        begun = { answer, release };
        return Promise.resolve(BEGUN);
      }
      const before = begun;
      if (before === null) return send(config, rest);
      const sent = send(config, rest);
      before.release();
      return Promise.all([before.answer, sent]).then(([, result]) => result);
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

/** What a Drizzle prepared select (or `returning`) keeps about its columns. */
type Field = { path: string[]; field: unknown };
type MappedStatement = {
  fields?: Field[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
};
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** The decoder Drizzle's `mapResultRow` picks for a selected field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/**
 * Drizzle's row mapping (`mapResultRow`, drizzle-orm/utils) with what it works out for every
 * value of every row (which decoder, which table a column is of) worked out once per
 * statement. Drizzle's took 85–94 µs for a queue page of 15 rows × 22 columns, more than the
 * page's compression (issue 19); this one gives the same objects: nested parts by their path,
 * a left-joined part null when its first column is (`joinsNotNullableMap`).
 */
export function rowMapper(fields: Field[], joinsNotNullableMap: Record<string, boolean> | undefined) {
  const plan = fields.map(({ path, field }) => ({
    path,
    last: path[path.length - 1]!,
    decoder: decoderOf(field),
    table: joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : undefined,
  }));
  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    let nullify: Record<string, string | false> | undefined;
    for (let i = 0; i < plan.length; i += 1) {
      const { path, last, decoder, table } = plan[i]!;
      let node = result;
      for (let j = 0; j < path.length - 1; j += 1) {
        const chunk = path[j]!;
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = (node[last] = raw === null ? null : decoder.mapFromDriverValue(raw));
      if (table !== undefined) {
        nullify ??= {};
        const object = path[0]!;
        if (!(object in nullify)) nullify[object] = value === null ? table : false;
        else if (typeof nullify[object] === 'string' && nullify[object] !== table) nullify[object] = false;
      }
    }
    if (nullify) {
      for (const object in nullify) {
        const table = nullify[object];
        if (typeof table === 'string' && !joinsNotNullableMap![table]) result[object] = null;
      }
    }
    return result;
  };
  return (rows: unknown[][]) => rows.map(mapRow);
}

/**
 * A prepared select that maps its rows with `rowMapper` (one without columns is left as is):
 * for a statement kept by `preparedOnce` (the staff queues' pages), so the mapping is planned
 * once too.
 */
export function withRowMapper<P>(statement: P): P {
  const prepared = statement as MappedStatement;
  if (Array.isArray(prepared.fields) && prepared.customResultMapper === undefined) {
    prepared.customResultMapper = rowMapper(prepared.fields, prepared.joinsNotNullableMap);
  }
  return statement;
}
