import { z } from 'zod';
import type { TelegramConfig } from '../../config/env';

/**
 * The three Bot API methods the bot uses (core.telegram.org/bots/api), over `fetch`: every
 * method is `POST <api>/bot<token>/<method>` with a JSON body, answering
 * `{ ok: true, result }` or `{ ok: false, error_code, description, parameters? }`.
 * `TELEGRAM_API_URL` points it at another server speaking the same (the tests' fake one).
 */

/** A refusal in Telegram's words: `code` is its `error_code` (the HTTP status). */
export class BotApiError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    readonly description: string,
    /** 429: how long Telegram asks to wait, in seconds (`parameters.retry_after`). */
    readonly retryAfter: number | undefined,
  ) {
    super(`Telegram ${method}: ${code} ${description}`);
    this.name = 'BotApiError';
  }
}

const AnswerSchema = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error_code: z.number().int(),
    description: z.string().default(''),
    parameters: z.object({ retry_after: z.number().optional() }).loose().optional(),
  }),
]);

const BotSchema = z.object({ id: z.number().int(), is_bot: z.literal(true), username: z.string() }).loose();

/** How long one call may take before it counts as failed (and is retried later). */
const CALL_TIMEOUT_MS = 10_000;

export class BotApi {
  readonly #base: string;

  constructor({ token, apiUrl }: TelegramConfig) {
    this.#base = `${apiUrl}/bot${token}`;
  }

  /**
   * One call. A network failure or an answer that is not the Bot API's rejects with what
   * fetch or zod threw; Telegram's refusal with a BotApiError.
   */
  async call(method: string, params: Record<string, unknown>): Promise<unknown> {
    const response = await fetch(`${this.#base}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const answer = AnswerSchema.parse(await response.json());
    if (!answer.ok) {
      throw new BotApiError(method, answer.error_code, answer.description, answer.parameters?.retry_after);
    }
    return answer.result;
  }

  /** The bot's @username (without the @), for deep links. */
  async username(): Promise<string> {
    return BotSchema.parse(await this.call('getMe', {})).username;
  }

  /** Telegram delivers every update to `url`, with `secret` in X-Telegram-Bot-Api-Secret-Token. */
  async setWebhook(url: string, secret: string): Promise<void> {
    await this.call('setWebhook', { url, secret_token: secret, allowed_updates: ['message'] });
  }

  /** Plain text (no parse mode: nothing in it is read as markup); links become clickable. */
  async sendMessage(chatId: number, text: string): Promise<void> {
    await this.call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
  }
}
