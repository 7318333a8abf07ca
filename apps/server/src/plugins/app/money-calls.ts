import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@iddesk/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { appKeyFingerprint, idempotencyKeys, type IdempotencyKeyRow } from '../../db/schema';
import { uniqueViolation } from '../../db/pg-errors';
import type { StatementClaim } from '../../lib/statement-claim';
import { ahead, preparedOnce, withCommit } from '../../db/plan-cache';
import type { Db } from '../../db/types';
import { ValidationError } from '../../errors/app-errors';
import { refuseIfLimited, type WindowCounter } from '../../lib/rate-counters';
import { sealSecret } from '../../lib/secret-box';
import { type Storage, TrackedStorage } from '../../lib/storage';
import { IDEMPOTENCY_RESPONSE_PURPOSE, sealingFingerprint } from '../../modules/app-key';
import { callerOf } from './auth';
import { localeOfHeaders, localizeJson, t } from '../../lib/i18n';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler of every money-moving POST (after the auth guard and body validation): the
     * per-IP and per-account rate limits, then the call's `Idempotency-Key` noted.
     */
    moneyCall: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
    /**
     * Runs a money-moving call's work. With an `Idempotency-Key`, the work, the key and its
     * answer share one transaction, so an acknowledged operation and its stored answer commit
     * or vanish together; `work` must use the `db` and `storage` it is given (files it stores
     * are removed again if that transaction rolls back). Without a key, it just runs.
     * `before` is the slow part that needs no transaction (checking and storing an upload's
     * image): it runs first, its result handed to `work`, so no pooled connection waits in a
     * transaction for the image pool. With a key, a call already answered is replayed (if
     * `before` refuses it, its answer is looked up), and files `before` stores are removed
     * again if the call does not go through.
     */
    idempotent<T, P>(
      request: FastifyRequest,
      reply: FastifyReply,
      work: (db: Db, storage: Storage, prepared: P) => Promise<T>,
      before?: (storage: Storage) => Promise<P>,
    ): Promise<T>;
  }
  interface FastifyInstance {
    /**
     * A money call whose work is one statement that claims its key itself (a keyed
     * withdrawal, issue 19). `run` gets the claim (`StatementClaim`: the key's values, the app
     * key's fingerprint, and `seal`, which seals the call's answer for the key's row) and
     * answers, or null when its statement wrote nothing. A key already used breaks the
     * claim's primary key; its answer is then replayed as `idempotent` replays it. Without a
     * key, with an expired one, or when `run` answers null, `general` runs instead (the call
     * through `idempotent`).
     */
    idempotentStatement<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      run: (claim: StatementClaim) => Promise<T | null>,
      general: () => Promise<T>,
    ): Promise<T>;
  }
  interface FastifyRequest {
    idempotency: { key: string; fingerprint: string } | null;
  }
}

const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * The answer of an earlier call with the same key: its row, or null when the claim found the
 * key answered (the row is then read once the transaction has rolled back).
 */
class Replay extends Error {
  constructor(readonly row: IdempotencyKeyRow | null) {
    super('idempotent replay');
  }
}

/**
 * Method, URL and JSON body: a key sent again on a different request is refused. A multipart
 * body is not read yet when this runs; `withForm` adds it once the form has been read.
 */
function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  if (request.body !== undefined) {
    // Validated bodies hold money as bigint minor units.
    hash.update(JSON.stringify(request.body, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)));
  }
  return hash.digest('hex');
}

/** The fingerprint with the multipart form's digest (every field, each file's SHA-256). */
function withForm(request: FastifyRequest, fingerprint: string): string {
  // A route that reads no form (a JSON call sent as multipart) used nothing of the body.
  if (!request.isMultipart() || request.formDigest === null) return fingerprint;
  return createHash('sha256').update(`${fingerprint}\n${request.formDigest}`).digest('hex');
}

function keyOf(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' && value !== '' ? value : null;
}

const placeholder = sql.placeholder;
const thisKey = and(eq(idempotencyKeys.userId, placeholder('userId')), eq(idempotencyKeys.key, placeholder('key')));

/**
 * Claims the key, or takes over an expired row of it (issue 19: built once per database,
 * plan-cache preparedOnce). On PostgreSQL a concurrent call with the same key waits here
 * until the first one commits (then nothing is claimed and its answer is replayed) or rolls
 * back (then this one goes on). The claim also takes the app key's share lock and names the
 * key to seal the answer under (Keyring.sealingKey), in the same statement.
 */
const claimOf = (tx: Db) =>
  preparedOnce(tx, 'idempotency claim', (name) =>
    tx
      .insert(idempotencyKeys)
      .values({ userId: placeholder('userId'), key: placeholder('key'), fingerprint: placeholder('fingerprint'), createdAt: placeholder('createdAt') })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        // What the claim would have inserted: the same fingerprint and time.
        set: { fingerprint: sql`excluded.fingerprint`, response: null, createdAt: sql`excluded.created_at` },
        setWhere: lt(idempotencyKeys.createdAt, placeholder('expiredBefore')),
      })
      .returning({ key: idempotencyKeys.key, appKey: sealingFingerprint })
      .prepare(name),
  );

/** Stores the sealed answer under the claimed key (built once, as the claim). */
const sealOf = (tx: Db) =>
  preparedOnce(tx, 'idempotency seal', (name) =>
    tx.update(idempotencyKeys).set({ response: sql`${placeholder('response')}` }).where(thisKey).prepare(name),
  );

/** The caller's row of a key, if any. */
async function keyRow(db: Db, userId: number, key: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/**
 * Route options of a money-moving POST: the moneyCall preHandler, which counts the call
 * against its IP (each route on its own) and its account. The database checks the balance a
 * call moves; the route never reads the caller's (`callerBalanceUnread`), so a customer's calls
 * right after one another skip the session read.
 */
export function moneyRoute(app: FastifyInstance) {
  return { preHandler: app.moneyCall, config: { callerBalanceUnread: true as const } };
}

export default fp<{ now: () => Date }>(
  async (app, { now }) => {
    const { moneyMax, moneyIpMax, moneyWindowMs } = app.config.rateLimit;
    const accountLimit = app.rateCounters.window('money-account', { max: moneyMax, windowMs: moneyWindowMs });
    /** Each money route's per-IP counter, named as @fastify/rate-limit named it before. */
    const ipLimits = new Map<string, WindowCounter>();
    const ipLimitOf = (request: FastifyRequest) => {
      const route = `${request.method} ${request.routeOptions.url}`;
      let counter = ipLimits.get(route);
      if (!counter) ipLimits.set(route, (counter = app.rateCounters.window(`ip:${route}`, { max: moneyIpMax, windowMs: moneyWindowMs })));
      return counter;
    };
    let prunedAt = 0;

    app.decorateRequest('idempotency', null);

    const keyring = app.keyring;
    const replay = (reply: FastifyReply, row: IdempotencyKeyRow, fingerprint: string): unknown => {
      if (row.fingerprint !== fingerprint) {
        throw ValidationError.field('idempotency-key', t('api.idempotencyKeyReused'));
      }
      void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return JSON.parse(keyring.open(IDEMPOTENCY_RESPONSE_PURPOSE, row.response!));
    };

    /** The stored answer of this key, unless it expired or its call is still running. */
    const answeredEarlier = async (userId: number, key: string): Promise<IdempotencyKeyRow | null> => {
      const row = await keyRow(app.db, userId, key);
      return row?.response && row.createdAt.getTime() >= now().getTime() - TTL_MS ? row : null;
    };

    const pruneExpired = async () => {
      const at = now().getTime();
      if (at - prunedAt < PRUNE_EVERY_MS) return;
      prunedAt = at;
      await app.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(at - TTL_MS)));
    };

    app.decorate('moneyCall', async (request: FastifyRequest, _reply: FastifyReply) => {
      const userId = callerOf(request).user.id;
      // The IP and the account in one statement (one round trip): the IP is counted once the
      // caller is known, and a call over either limit is refused before anything is read.
      const hits = await app.rateCounters.hitEach([
        [ipLimitOf(request), request.ip],
        [accountLimit, String(userId)],
      ]);
      for (const hit of hits) refuseIfLimited(hit);

      const key = keyOf(request);
      if (!key) return undefined;
      const fingerprint = fingerprintOf(request);
      request.idempotency = { key, fingerprint };
      // idempotent() decides a replay, at the key's claim: a retry of a finished call costs
      // no more statements there than a look here did, and a first call one fewer.
      return undefined;
    });

    /**
     * A call's answer as its key's row keeps it: its texts in the call's language (lib/i18n.ts
     * `t`), sealed under the key the database's fingerprint `appKey` names.
     */
    const sealAnswer = (request: FastifyRequest, appKey: string | null, answer: unknown) =>
      sealSecret(
        keyring.sealingKeyFor(appKey),
        IDEMPOTENCY_RESPONSE_PURPOSE,
        localizeJson(JSON.stringify(answer), localeOfHeaders(request.headers)),
      );

    /** The app key's fingerprint as this process last read it (`idempotentStatement`). */
    let appKeyRead: Promise<string | null> | null = null;
    const currentAppKey = () =>
      (appKeyRead ??= app.db
        .select({ fingerprint: appKeyFingerprint.fingerprint })
        .from(appKeyFingerprint)
        .where(eq(appKeyFingerprint.id, 1))
        .then(([row]) => row?.fingerprint ?? null, (error: unknown) => {
          appKeyRead = null;
          throw error;
        }));

    app.decorate(
      'idempotentStatement',
      async <T>(
        request: FastifyRequest,
        reply: FastifyReply,
        run: (claim: StatementClaim) => Promise<T | null>,
        general: () => Promise<T>,
      ): Promise<T> => {
        const idempotency = request.idempotency;
        // A multipart call's fingerprint needs its form (`idempotent` adds it): JSON calls only.
        if (!idempotency || request.isMultipart()) return general();
        const { key, fingerprint } = idempotency;
        const userId = callerOf(request).user.id;
        await pruneExpired();
        const appKey = await currentAppKey();
        try {
          const answer = await run({
            userId,
            key,
            fingerprint,
            claimedAt: now(),
            appKey,
            seal: (value) => sealAnswer(request, appKey, value),
          });
          if (answer !== null) return answer;
          // The claim may have met another app key (a rotation): read it again next time.
          appKeyRead = null;
        } catch (error) {
          if (uniqueViolation(error) !== 'idempotency_keys_pk') throw error;
          // Answered before (or by a call that was in flight and has committed since).
          const answered = await answeredEarlier(userId, key);
          if (answered) return replay(reply, answered, fingerprint) as T;
          // Expired: the general path's claim takes the key over.
        }
        return general();
      },
    );

    app.decorate(
      'idempotent',
      async <T, P>(
        request: FastifyRequest,
        reply: FastifyReply,
        work: (db: Db, storage: Storage, prepared: P) => Promise<T>,
        before?: (storage: Storage) => Promise<P>,
      ): Promise<T> => {
        const idempotency = request.idempotency;
        if (!idempotency) {
          const prepared = before ? await before(app.storage) : (undefined as P);
          return work(app.db, app.storage, prepared);
        }
        const key = idempotency.key;
        const fingerprint = withForm(request, idempotency.fingerprint);
        const userId = callerOf(request).user.id;
        await pruneExpired();
        // The service's own cleanup (withStoredImage) sees only its own part of the work: a
        // later failure in this transaction, or a replay, would leave its file behind.
        const storage = new TrackedStorage(app.storage);
        let ranToTheEnd = false;
        try {
          let prepared = undefined as P;
          if (before) {
            try {
              prepared = await before(storage);
            } catch (error) {
              // A retry of an answered call gets that answer, whatever `before` says now (a
              // payment type since switched off, a reference since approved). Looked up only
              // here: a retry that `before` lets through is replayed at the key's claim, its
              // file taken back, and a first call pays no read for it.
              const answered = await answeredEarlier(userId, key);
              if (answered) throw new Replay(answered);
              throw error;
            }
          }
          const { answer, sealed } = await app.db.transaction(async (tx) => {
            const createdAt = now();
            // The call's first statement leaves with the claim, without waiting for it (issue
            // 19, plan-cache `ahead`). If the key was answered before, what it did is rolled
            // back with the transaction, and its outcome is not looked at.
            const ran = await ahead(
              tx,
              () =>
                claimOf(tx).execute({
                  userId,
                  key,
                  fingerprint,
                  createdAt,
                  expiredBefore: new Date(createdAt.getTime() - TTL_MS).toISOString(),
                }),
              (claimed) => claimed.length > 0,
              () => work(tx, storage, prepared),
            );
            const claimed = ran.first;
            if (claimed.length === 0) throw new Replay(null);
            const answer = ran.next as T;
            const response = sealAnswer(request, claimed[0]!.appKey, answer);
            // The answer's row leaves with the COMMIT, one round trip fewer (db/plan-cache.ts).
            const sealed = await withCommit(tx, () => sealOf(tx).execute({ response, userId, key }));
            ranToTheEnd = true;
            return { answer, sealed };
          });
          try {
            await sealed();
          } catch (error) {
            // The answer's row was not written: the COMMIT rolled everything back.
            ranToTheEnd = false;
            throw error;
          }
          return answer;
        } catch (error) {
          // A failure inside rolled everything back, so the files belong to nothing. A failed
          // COMMIT may have committed after all: those files stay (an orphan is harmless, a
          // bill without its screenshot is not).
          if (!ranToTheEnd) await storage.discard(request.log);
          if (error instanceof Replay) return replay(reply, error.row ?? (await keyRow(app.db, userId, key))!, fingerprint) as T;
          throw error;
        }
      },
    );
  },
  { name: 'money-calls', dependencies: ['auth', 'config', 'db', 'rate-limit'] },
);
