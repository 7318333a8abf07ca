import { createHmac } from 'node:crypto';
import { TELEGRAM_API } from '@iddesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TelegramConfig } from '../../config/env';
import type { Db } from '../../db/types';
import type { WindowCounter } from '../../lib/rate-counters';
import { BotApi } from './bot-api';
import { TelegramSender } from './sender';

/**
 * The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token on every webhook call
 * (setWebhook's `secret_token`): derived from the bot's token, so every server knows it
 * without another setting, and nobody without the token can make it.
 */
export function webhookSecret(token: string): string {
  return createHmac('sha256', token).update('iddesk telegram webhook').digest('hex');
}

export type BotOptions = {
  config: TelegramConfig;
  appUrl: string;
  db: Db;
  rate: WindowCounter;
  staffSecondFactorRequired: boolean;
  log: FastifyBaseLogger;
};

/** This server's bot: its Bot API client, its sender, and its webhook. */
export class TelegramBot {
  readonly api: BotApi;
  readonly sender: TelegramSender;
  readonly secret: string;
  readonly webhookUrl: string;
  #ready: Promise<string> | undefined;

  constructor({ config, appUrl, db, rate, staffSecondFactorRequired, log }: BotOptions) {
    this.api = new BotApi(config);
    this.secret = webhookSecret(config.token);
    this.webhookUrl = `${appUrl}/api${TELEGRAM_API.webhook}`;
    this.sender = new TelegramSender({ db, api: this.api, rate, appUrl, staffSecondFactorRequired, log });
  }

  /**
   * The bot's @username, once Telegram knows where to deliver updates (getMe, then setWebhook
   * to APP_URL's webhook: the same call from every server, so any of them may make it). Asked
   * at start and again by a link request while it has not succeeded.
   */
  ready(): Promise<string> {
    if (!this.#ready) {
      const ready = (async () => {
        const username = await this.api.username();
        await this.api.setWebhook(this.webhookUrl, this.secret);
        return username;
      })();
      this.#ready = ready;
      ready.catch(() => {
        if (this.#ready === ready) this.#ready = undefined;
      });
    }
    return this.#ready;
  }
}
