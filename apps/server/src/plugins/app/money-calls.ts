import { IDEMPOTENT_REPLAYED_HEADER } from '@iddesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../db/types';
import { localeOfHeaders } from '../../lib/i18n';
import { refuseIfLimited, type WindowCounter } from '../../lib/rate-counters';
import { type Storage, TrackedStorage } from '../../lib/storage';
import {
  AnsweredBefore,
  answeredBefore,
  idempotencyKeyOf,
  inMoneyTransaction,
  type KeyUse,
  pruneExpiredKeys,
  replayedAnswer,
  requestFingerprint,
} from '../../modules/idempotency';
import { callerOf } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler of every money-moving POST (after the auth guard and body validation): the
     * per-IP and per-account rate limits.
     */
    moneyCall: (request: FastifyRequest, reply: FastifyReply) => Promise<undefined>;
    /**
     * Runs a money call's work in one transaction, with or without an `Idempotency-Key`
     * (modules/idempotency): `work` must use the transaction and storage it is given (files
     * stored through it are removed again if the call does not commit). `before` is the slow
     * part that needs no transaction (checking and storing an upload's image): it runs first,
     * its result handed to `work`, so no pooled connection waits in a transaction for the
     * image pool. With a key, a call answered before gets that answer again (also when
     * `before` refuses it now: a reference since approved).
     */
    moneyTransaction<T, P>(
      request: FastifyRequest,
      reply: FastifyReply,
      work: (tx: Tx, storage: Storage, prepared: P) => Promise<T>,
      before?: (storage: Storage) => Promise<P>,
    ): Promise<T>;
  }
}

const PRUNE_EVERY_MS = 60 * 60_000;

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

    app.decorate('moneyCall', async (request: FastifyRequest) => {
      // The IP and the account in one statement: the IP is counted once the caller is known,
      // and a call over either limit is refused before anything is read.
      const hits = await app.rateCounters.hitEach([
        [ipLimitOf(request), request.ip],
        [accountLimit, String(callerOf(request).user.id)],
      ]);
      for (const hit of hits) refuseIfLimited(hit);
      return undefined;
    });

    let prunedAt = 0;
    app.decorate(
      'moneyTransaction',
      async <T, P>(
        request: FastifyRequest,
        reply: FastifyReply,
        work: (tx: Tx, storage: Storage, prepared: P) => Promise<T>,
        before?: (storage: Storage) => Promise<P>,
      ): Promise<T> => {
        const at = now();
        const key = idempotencyKeyOf(request);
        // Routes read their form before: a multipart call's fingerprint has its digest.
        const use: KeyUse | null = key ? { userId: callerOf(request).user.id, key, fingerprint: requestFingerprint(request) } : null;
        if (use && at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
          prunedAt = at.getTime();
          await pruneExpiredKeys(app.db, at);
        }
        // Files the call stores are taken back unless it commits.
        const storage = new TrackedStorage(app.storage);
        let committing = false;
        try {
          let prepared = undefined as P;
          if (before) {
            try {
              prepared = await before(storage);
            } catch (error) {
              // A retry of an answered call gets that answer, whatever `before` says now.
              const row = use && (await answeredBefore(app.db, use, at));
              if (row) throw new AnsweredBefore(row);
              throw error;
            }
          }
          const sealing = { keyring: app.keyring, locale: localeOfHeaders(request.headers) };
          return await inMoneyTransaction(app.db, use, { now: at, sealing, committing: () => (committing = true) }, (tx) =>
            work(tx, storage, prepared),
          );
        } catch (error) {
          // Rolled back: the files belong to nothing. A failed COMMIT may have committed after
          // all: those files stay (an orphan is harmless, a bill without its screenshot is not).
          if (!committing) await storage.discard(request.log);
          if (!(error instanceof AnsweredBefore) || !use) throw error;
          const answer = replayedAnswer(error.row, use, app.keyring);
          void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
          return answer as T;
        }
      },
    );
  },
  { name: 'money-calls', dependencies: ['auth', 'config', 'db', 'rate-limit'] },
);
