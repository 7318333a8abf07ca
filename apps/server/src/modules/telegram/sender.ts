import { setTimeout as sleep } from 'node:timers/promises';
import { roleCan } from '@iddesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types';
import type { WindowCounter } from '../../lib/rate-counters';
import { BotApiError, type BotApi } from './bot-api';
import {
  claimDue,
  type ClaimedMessage,
  deleteLinkOfChat,
  deleteMessages,
  queueAlertMessages,
  queueAlertsWait,
  retryMessages,
  takeQueueAlerts,
} from './repository';
import { ALERT_PERMISSION, alertMessage, messageText } from './texts';

/** Every server looks for due messages this often; `wake()` makes it look at once. */
export const SWEEP_MS = 2_000;
/** Messages claimed at a time, and how long a claim keeps other servers off them. */
const BATCH = 10;
const LEASE_SECONDS = 60;
/** A message that failed this often (Telegram down for ~20 minutes) is given up. */
const MAX_ATTEMPTS = 10;
/** A message older than this is not sent any more (the bot was off meanwhile). */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Queue alerts turned into messages at a time. */
const ALERT_BATCH = 50;

export type SenderOptions = {
  db: Db;
  api: BotApi;
  /** Sends allowed in a window, shared by every server on PostgreSQL (lib/rate-counters.ts). */
  rate: WindowCounter;
  appUrl: string;
  /** STAFF_SECOND_FACTOR=required: staff without a second factor get no queue alerts. */
  staffSecondFactorRequired: boolean;
  log: FastifyBaseLogger;
};

/**
 * Sends the outbox (decision 033): after the commit that wrote a message, off every request,
 * on every server. Each pass turns new queue alerts into messages, then claims due messages
 * and sends them one by one within the shared rate limit (Telegram allows about 30 a second).
 * A failure is retried later with a growing pause (1 s, 2 s, 4 s … 5 min); Telegram's 429
 * pauses this sender for its `retry_after`; a chat that blocked the bot (403) is unlinked.
 * Nothing here can fail or slow the call that wrote the message.
 */
export class TelegramSender {
  readonly #o: SenderOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  /** Telegram asked to wait (429) until then. */
  #pausedUntil = 0;

  constructor(options: SenderOptions) {
    this.#o = options;
  }

  start(): void {
    this.#schedule(0);
  }

  /** Look for messages now (after a commit that wrote some): the next sweep would anyway. */
  wake(): void {
    if (this.#running) this.#again = true;
    else if (Date.now() >= this.#pausedUntil) this.#schedule(0);
  }

  /** Stops after the message being sent; claimed messages not sent go back to the outbox. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(ms: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#run(), ms);
    this.#timer.unref();
  }

  async #run(): Promise<void> {
    if (this.#running || this.#stopped) return;
    this.#again = false;
    this.#running = this.#pass().catch((error: unknown) => {
      // The database is away, most likely: the next sweep tries again.
      this.#o.log.error({ err: error }, 'Telegram: the outbox could not be read');
    });
    await this.#running;
    this.#running = undefined;
    const paused = this.#pausedUntil - Date.now();
    this.#schedule(paused > 0 ? paused : this.#again ? 0 : SWEEP_MS);
  }

  async #pass(): Promise<void> {
    for (;;) {
      const alerted = await this.#fanOutAlerts();
      const claimed = await claimDue(this.#o.db, BATCH, LEASE_SECONDS);
      for (const [index, message] of claimed.entries()) {
        if (this.#stopped || Date.now() < this.#pausedUntil) {
          // Back to the outbox as they were: due at once, or when Telegram allows again.
          const rest = claimed.slice(index).map((m) => m.id);
          await retryMessages(this.#o.db, rest, Math.max(0, (this.#pausedUntil - Date.now()) / 1000), false);
          return;
        }
        await this.#deliver(message);
      }
      if (this.#stopped || (claimed.length < BATCH && !alerted)) return;
    }
  }

  /**
   * New queue items → one message per linked staff member whose role may see the queue, in
   * one transaction with taking the notes: each item is told once, by one server.
   */
  async #fanOutAlerts(): Promise<boolean> {
    // Almost every sweep: nothing new, and no transaction opened for it.
    if (!(await queueAlertsWait(this.#o.db))) return false;
    return this.#o.db.transaction(async (tx) => {
      const taken = await takeQueueAlerts(tx, ALERT_BATCH);
      if (!taken) return false;
      const staff = taken.staff.filter((s) => s.secondFactor || !this.#o.staffSecondFactorRequired);
      const messages = taken.items.flatMap((item) => {
        const { texts, link } = alertMessage(item);
        return staff
          .filter((s) => roleCan(s.role, ALERT_PERMISSION[item.queue]))
          .map((s) => ({ userId: s.userId, texts, link }));
      });
      await queueAlertMessages(tx, messages);
      return true;
    });
  }

  async #deliver(message: ClaimedMessage): Promise<void> {
    const { db, api } = this.#o;
    if (message.chatId === null || message.toBlockedAccount || Date.now() - message.createdAt.getTime() > MAX_AGE_MS) {
      // Unlinked (or blocked) since it was written, or too old to matter: not sent.
      await deleteMessages(db, [message.id]);
      return;
    }
    await this.#slot();
    try {
      await api.sendMessage(message.chatId, messageText(message.texts, message.locale, message.link, this.#o.appUrl));
      await deleteMessages(db, [message.id]);
    } catch (error) {
      await this.#failed(message, message.chatId, error);
    }
  }

  async #failed(message: ClaimedMessage, chatId: number, error: unknown): Promise<void> {
    const { db, log } = this.#o;
    if (error instanceof BotApiError && error.code === 429) {
      const seconds = Math.max(1, error.retryAfter ?? 1);
      this.#pausedUntil = Date.now() + seconds * 1000;
      await retryMessages(db, [message.id], seconds, false);
      log.warn({ retryAfter: seconds }, 'Telegram: too many messages, pausing');
      return;
    }
    if (error instanceof BotApiError && error.code >= 400 && error.code < 500) {
      // The person blocked the bot or deleted the chat (403), or Telegram refuses this message
      // for good (400): sending it again would fail again.
      if (error.code === 403) await deleteLinkOfChat(db, chatId);
      await deleteMessages(db, [message.id]);
      log.warn({ code: error.code, description: error.description }, 'Telegram refused a message; dropped');
      return;
    }
    if (message.attempts >= MAX_ATTEMPTS) {
      await deleteMessages(db, [message.id]);
      log.error({ err: error, attempts: message.attempts }, 'Telegram: a message failed too often; dropped');
      return;
    }
    const seconds = Math.min(2 ** (message.attempts - 1), 300);
    await retryMessages(db, [message.id], seconds);
    log.warn({ err: error, attempts: message.attempts, retryIn: seconds }, 'Telegram: sending failed; will retry');
  }

  /** Waits for a place in the shared rate window. */
  async #slot(): Promise<void> {
    for (;;) {
      const hit = await this.#o.rate.hit('send');
      if (!hit.limited) return;
      await sleep(Math.max(1, hit.msBeforeReset));
    }
  }
}
