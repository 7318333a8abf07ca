import pg from 'pg';
import type { RawRow, StatementRunner } from './prepared';

type QueryConfig = pg.QueryConfig & { rowMode?: 'array' };

/** Every column as the text PostgreSQL sent (db/prepared.ts `decode` reads them). */
const TEXT = { getTypeParser: () => (value: string) => value };

/**
 * One PostgreSQL connection in pipeline mode (node-postgres `pipeline: true`) for the hot
 * single statements: the token check and the notifications poll (the prepared statements of
 * `db/prepared.ts`); a second one carries the list pages (`StatementLane` `list`). Many
 * requests' statements are in flight on it at once, each with its own Sync, so each is still
 * its own implicit transaction and one round trip; what goes away is a pool checkout per
 * statement and a PostgreSQL backend woken (and put back to sleep) for every one. Measured
 * with 100 concurrent polls: node's CPU per statement 0.063 → 0.032 ms and PostgreSQL's
 * 0.082 → 0.033 ms against the pool of 10.
 *
 * Never for transactions (statements of other callers would land inside them) nor for
 * anything that may run long: the answers come back in order, so a slow statement delays the
 * ones sent after it. A lost connection fails the statements in flight (their requests answer
 * 503, as with a pool: db/pg-errors.ts) and the next statement opens a new one, so the hot
 * statements recover by themselves when PostgreSQL comes back.
 */
export class PipelinedConnection implements StatementRunner {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    /** Timeouts and keep-alive, as the pool's (db/client.ts `pgClientSettings`). */
    private readonly settings: Omit<pg.ClientConfig, 'connectionString'> = {},
  ) {}

  run(name: string, text: string, values: readonly (string | null)[]): Promise<RawRow[]> {
    return this.query(
      { name, text, values: values as (string | null)[], rowMode: 'array', types: TEXT },
      undefined,
    ).then((result) => result.rows as RawRow[]);
  }

  query(config: QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = this.client;
    if (client) {
      this.batch(client);
      return client.query(config, values);
    }
    return this.connect().then((c) => c.query(config, values));
  }

  private corked: pg.Client | null = null;

  /**
   * Statements sent in one turn of the event loop (the requests read in one poll) leave in one
   * write: the socket stays corked until the loop's check phase.
   */
  private batch(client: pg.Client) {
    if (this.corked) return;
    const stream = (
      client as unknown as {
        connection: { stream: NodeJS.WritableStream & { cork(): void; uncork(): void } };
      }
    ).connection.stream;
    this.corked = client;
    stream.cork();
    setImmediate(() => {
      this.corked = null;
      stream.uncork();
    });
  }

  private connect(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('the database connection is closed'));
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({
      ...this.settings,
      connectionString: this.connectionString,
      pipeline: true,
    });
    const drop = () => {
      if (this.client === client) this.client = null;
    };
    // Without a listener a lost connection would kill the process; the statements in flight
    // get the error, the next one reconnects.
    client.on('error', (error) => {
      drop();
      process.emitWarning(`PostgreSQL pipelined connection lost: ${error.message}`);
      client.end().catch(() => {});
    });
    client.on('end', drop);
    try {
      await client.connect();
    } catch (error) {
      // A refused or timed-out connect leaves nothing to reuse; the next statement tries again.
      client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end();
      throw new Error('the database connection is closed');
    }
    this.client = client;
    return client;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    await client?.end();
  }
}
