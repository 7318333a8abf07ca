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
 * - A transaction's last statement may leave with its COMMIT, in one write (`withCommit`):
 *   the socket is corked before it and uncorked once COMMIT (or ROLLBACK) is written.
 * - Statements that need none of each other's answers may leave together (`inOneWrite`): the
 *   socket stays corked until this turn of the event loop ends.
 * - `afterWrite` (a pool option) runs after every COMMIT and every write outside a transaction:
 *   the change feed then sends what the commit left in the signal outbox (db/change-feed.ts).
 *
 * Every other statement goes through untouched.
 */
export class PlanCachingClient extends pg.Client {
  /** Corks the socket until the transaction's COMMIT or ROLLBACK is written (or this turn ends). */
  readonly holdForCommit: () => void;
  /** Corks the socket until this turn of the event loop ends (`inOneWrite`). */
  readonly holdThisTurn: () => void;
  /** Resolves when this client is given its next statement (`inOneWrite` keeps their order). */
  readonly nextStatement: () => Promise<void>;

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
    /** Set while the socket waits for the transaction's COMMIT or ROLLBACK (`withCommit`). */
    let releaseAtCommit: (() => void) | null = null;
    this.holdForCommit = () => {
      releaseAtCommit ??= corkThisTurn(() => (releaseAtCommit = null));
    };
    this.holdThisTurn = () => {
      corkThisTurn(() => {});
    };
    let given: (() => void) | null = null;
    this.nextStatement = () => new Promise<void>((resolve) => (given = resolve));
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
      // Called before it is sent, but sent in this same call: whoever awaits it resumes after.
      given?.();
      given = null;
      if (releaseAtCommit !== null && endsTransaction(config)) {
        const release = releaseAtCommit;
        const sent = send(config, rest);
        release();
        return sent;
      }
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
 * Sends `statements`, the last of transaction `tx`, to leave with its COMMIT in one write
 * (issue 19: a money call's sealed answer, an unkeyed deposit's screenshot row and bill).
 * Resolves once every one is handed to the connection, so the COMMIT that follows cannot
 * overtake one. Returns their outcomes, to await once the transaction has committed:
 * PostgreSQL answers the COMMIT of a transaction that failed with ROLLBACK, not an error, so
 * a failure shows only there (and means nothing was committed). When more follows in `tx`
 * (the work of a keyed call, before its sealed answer) they leave at the end of this turn,
 * and their outcomes are awaited before the rest, as any other. Elsewhere (PGlite, a pool's
 * own connection) they run one after another here.
 */
export async function withCommit<T extends readonly unknown[]>(
  tx: object,
  ...statements: { [K in keyof T]: () => Promise<T[K]> }
): Promise<() => Promise<T>> {
  const client = (tx as Handle).session?.client;
  if (!(client instanceof PlanCachingClient)) {
    const results = await oneAfterAnother(statements);
    return () => Promise.resolve(results as unknown as T);
  }
  client.holdForCommit();
  const { answers } = await sendInOrder(client, statements);
  return () => answers as unknown as Promise<T>;
}

async function oneAfterAnother(statements: readonly (() => Promise<unknown>)[]): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const statement of statements) results.push(await statement());
  return results;
}

/**
 * Starts `statements` in order on `client`, each once the one before it is handed to the
 * connection (a statement may await before it is sent, a prepared statement's first build,
 * and PostgreSQL must run them in the order given). Resolves when the last is handed over,
 * with their answers: answers come in order, so `answers` rejects with the first that failed.
 */
async function sendInOrder(
  client: PlanCachingClient,
  statements: readonly (() => Promise<unknown>)[],
): Promise<{ answers: Promise<unknown[]> }> {
  const answers: Promise<unknown>[] = [];
  for (const statement of statements) {
    const written = client.nextStatement();
    const answer = Promise.resolve(statement());
    answer.catch(() => {});
    answers.push(answer);
    await Promise.race([written, answer]);
  }
  const all = Promise.all(answers);
  all.catch(() => {});
  // Wrapped: a promise returned from an async function would be waited for.
  return { answers: all };
}

/**
 * Runs statements of transaction `tx` that need none of each other's answers, so they leave in
 * one write and come back in one read (issue 19: a round trip less for a money call). Each
 * starts in this turn of the event loop, in the order given, and PostgreSQL runs them in that
 * order. If one fails, the transaction is aborted and the ones after it fail too; the error
 * thrown is the first one's. Elsewhere (PGlite, a pool's own connection) they run one after
 * another.
 */
export async function inOneWrite<T extends readonly unknown[]>(
  tx: object,
  ...statements: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  const client = (tx as Handle).session?.client;
  if (!(client instanceof PlanCachingClient)) return (await oneAfterAnother(statements)) as unknown as T;
  client.holdThisTurn();
  return (await (await sendInOrder(client, statements)).answers) as unknown as T;
}

/**
 * Runs `first`, and `next` right behind it without waiting for `first`'s answer, so `next`'s
 * first statement leaves in the same write (issue 19: a keyed money call's claim with the
 * call's own first statement, one round trip fewer). PostgreSQL runs them in that order. When
 * `first`'s answer says `next` should not have run (`proceed` false) or `first` fails, `next`
 * is let finish on the connection and its outcome is dropped: the caller must then fail the
 * transaction, which undoes whatever `next` wrote. Elsewhere (PGlite) `next` starts only once
 * `proceed` allows it.
 */
export async function ahead<A, B>(
  tx: object,
  first: () => Promise<A>,
  proceed: (answer: A) => boolean,
  next: () => Promise<B>,
): Promise<{ first: A; next?: B }> {
  const client = (tx as Handle).session?.client;
  if (!(client instanceof PlanCachingClient)) {
    const answer = await first();
    return proceed(answer) ? { first: answer, next: await next() } : { first: answer };
  }
  client.holdThisTurn();
  const written = client.nextStatement();
  const firstAnswer = Promise.resolve(first());
  firstAnswer.catch(() => {});
  await Promise.race([written, firstAnswer]);
  const rest = new Promise<B>((resolve) => resolve(next()));
  // Whatever `first` answers, nothing may still use the connection once the caller goes on.
  const settled = rest.then(
    () => {},
    () => {},
  );
  let answer: A;
  try {
    answer = await firstAnswer;
  } catch (error) {
    await settled;
    throw error;
  }
  if (!proceed(answer)) {
    await settled;
    return { first: answer };
  }
  return { first: answer, next: await rest };
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
