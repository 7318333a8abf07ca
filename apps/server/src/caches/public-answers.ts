import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ChangeFeed, changeFeedOf } from '../db/change-feed';
import type { Db } from '../db/types';
import { COMPRESS_ENCODINGS, COMPRESS_THRESHOLD } from '../plugins/external/compress';
import { hasText } from '../lib/i18n';

/** Answers kept per process before the cache empties and starts again (reviews pages vary). */
const MAX_ENTRIES = 2_000;

type Encoding = (typeof COMPRESS_ENCODINGS)[number];

/** A serialized answer, sent as bytes. */
type Body = {
  body: string;
  /** The body compressed, once per encoding asked for (none under the plugin's threshold). */
  encoded: Partial<Record<Encoding, Buffer>>;
  compressible: boolean;
};

type Entry = Body & { etag: string; tables: readonly string[] };

/**
 * Public reads from memory (issue 19): the serialized answer of a public list, kept until the
 * database says one of its tables changed (`t:<table>` from the triggers of migration 0009,
 * through db/change-feed.ts, on every server). While the feed is not live nothing is kept.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped when the feed comes or goes; `changes` counts each table's signals. */
  private generation = 0;
  private readonly changes = new Map<string, number>();
  private live: boolean;

  constructor(feed: ChangeFeed | undefined) {
    this.live = feed?.live ?? false;
    feed?.subscribe({
      signal: (payload) => {
        if (!payload.startsWith('t:')) return;
        const table = payload.slice(2);
        // Reads of this table under way when it changed keep nothing; others are not held up.
        this.changes.set(table, (this.changes.get(table) ?? 0) + 1);
        const keys = this.byTable.get(table);
        if (!keys) return;
        for (const key of keys) {
          this.entries.delete(key);
          this.values.delete(key);
        }
        keys.clear();
      },
      state: (live) => {
        this.generation += 1;
        this.clear();
        this.live = live;
      },
    });
  }

  private readonly values = new Map<string, { value: unknown }>();
  /** The keys (of answers and values alike: they never share one) kept for each table. */
  private readonly byTable = new Map<string, Set<string>>();

  private clear(): void {
    this.entries.clear();
    this.values.clear();
    this.byTable.clear();
  }

  private index(key: string, tables: readonly string[]): void {
    for (const table of tables) {
      let keys = this.byTable.get(table);
      if (!keys) this.byTable.set(table, (keys = new Set()));
      keys.add(key);
    }
  }

  /**
   * A value read from the database (the money limits, a payment type), kept like an answer
   * until one of `tables` changes; read afresh while the feed is not live.
   */
  async value<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T> {
    const kept = this.live ? this.values.get(key) : undefined;
    if (kept) return kept.value as T;
    const stamp = this.begin(tables);
    const value = await load();
    if (!this.live || stamp !== this.begin(tables)) return value;
    if (this.values.size >= MAX_ENTRIES) this.clear();
    this.values.set(key, { value });
    this.index(key, tables);
    return value;
  }

  get(key: string): Entry | undefined {
    return this.live ? this.entries.get(key) : undefined;
  }

  /** Where `tables` stand now: a read keeps its answer only if they stand there still. */
  begin(tables: readonly string[]): string {
    let stamp = String(this.generation);
    for (const table of tables) stamp += `:${this.changes.get(table) ?? 0}`;
    return stamp;
  }

  set(stamp: string, key: string, entry: Entry): void {
    if (!this.live || stamp !== this.begin(entry.tables)) return;
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    this.entries.set(key, entry);
    this.index(key, entry.tables);
  }
}

const caches = new WeakMap<Db, PublicCache>();

export function publicCacheOf(db: Db): PublicCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new PublicCache(changeFeedOf(db))));
  return cache;
}

export type CachedReadOptions = {
  /** What the answer depends on besides the path and query (e.g. "signed in"). */
  variant?: string;
  /** The tables whose change makes the answer stale. */
  tables: readonly string[];
  /** The answer depends on whether a token came (`Vary: Authorization`)... */
  varyByToken?: boolean;
  /** ...and this one is for a signed-in caller: never stored (`no-store`, like every private answer). */
  private?: boolean;
};

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => tag.trim() === etag);
}

/**
 * Answer a public GET from the cache, or build it with `load`, serialize it with the route's
 * own response schema (validated as any answer) and keep it. Every answer carries a weak
 * ETag (the hash of the body: the same on every server) and `Cache-Control: no-cache`, so a
 * browser revalidates each time and gets a 304 without a body when nothing changed.
 */
export async function sendCachedRead(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  options: CachedReadOptions,
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  const cache = publicCacheOf(db);
  const key = `${options.variant ?? ''} ${request.url}`;
  let entry = cache.get(key);
  if (!entry) {
    const stamp = cache.begin(options.tables);
    // The route's serializer: zod-checked against the contract, as every answer is.
    const serialized = reply.serialize(await load());
    // The zod serializer answers a JSON string; anything else is a bug, not an answer to keep.
    if (typeof serialized !== 'string') throw new Error(`${request.url}: the serializer did not answer a string`);
    // Kept and sent as bytes in every language: no text of the call's (lib/i18n.ts `t`).
    if (hasText(serialized)) throw new Error(`${request.url}: a kept public answer cannot carry a message`);
    const body = serialized;
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    const compressible = Buffer.byteLength(body) >= COMPRESS_THRESHOLD;
    const built: Entry = { body, etag: `W/"${hash}"`, tables: options.tables, encoded: {}, compressible };
    cache.set(stamp, key, built);
    entry = built;
  }
  void reply
    .header('etag', entry.etag)
    .header('cache-control', options.private ? 'no-store' : 'public, no-cache');
  if (options.varyByToken) void reply.header('vary', 'Authorization');
  if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  return sendBody(request, reply, entry);
}

function sendBody(request: FastifyRequest, reply: FastifyReply, entry: Body): FastifyReply {
  void reply.type('application/json; charset=utf-8');
  const encoding = request.method === 'GET' && entry.compressible ? encodingFor(request) : null;
  if (!encoding) return reply.send(entry.body);
  // Compressed once and kept with the answer: @fastify/compress leaves an encoded body alone,
  // so the headers are the ones it would set (Vary after any of the route's own).
  const encoded = (entry.encoded[encoding] ??= compressBody(entry.body, encoding));
  const vary = reply.getHeader('vary');
  void reply
    .header('vary', typeof vary === 'string' ? `${vary}, accept-encoding` : 'accept-encoding')
    .header('content-encoding', encoding);
  return reply.send(encoded);
}

const GZIP_ALIAS = /\*|x-gzip/gu;

/** The encoding @fastify/compress would choose for this request (its own negotiation), if any. */
function encodingFor(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return null;
  return negotiate(header.toLowerCase().replace(GZIP_ALIAS, 'gzip'), [...COMPRESS_ENCODINGS]);
}

/**
 * Done once per answer, not per call, so a little harder than the plugin's per-call quality
 * 4 (brotli 6: a few % smaller for about the same CPU on a 3 KB page; 9 and up cost 20–80×).
 */
function compressBody(body: string, encoding: Encoding): Buffer {
  const bytes = Buffer.from(body);
  if (encoding === 'gzip') return gzipSync(bytes);
  return brotliCompressSync(bytes, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
}
