import { z } from 'zod';

/**
 * Telegram (issue 55 item 3; docs/product.md#telegram): a signed-in account links one Telegram
 * chat through the bot with a one-time code, then gets its notifications there (customers) or
 * the queue alerts its role may see (staff). Off unless the server has TELEGRAM_BOT_TOKEN.
 */
export const TELEGRAM_API = {
  /** The caller's link, and whether the site has a bot at all. */
  status: '/user/telegram',
  /** A new one-time code as a deep link to the bot; an older code stops working. */
  link: '/user/telegram/link',
  /** Forget the caller's chat: nothing more is sent there. */
  unlink: '/user/telegram/unlink',
  /** Where Telegram delivers the bot's updates (setWebhook); checked by its secret header. */
  webhook: '/telegram/webhook',
} as const;

/** How long a link code works, from the moment it is made. */
export const TELEGRAM_LINK_MINUTES = 10;

export const TelegramStatusSchema = z.object({
  /** false: the site has no bot (no TELEGRAM_BOT_TOKEN); show nothing about Telegram. */
  enabled: z.boolean(),
  /** The linked chat, or null. */
  linked: z
    .object({
      /** The Telegram @username, else the first name, the chat was linked from; null if none. */
      name: z.string().nullable(),
      linked_at: z.string(),
    })
    .nullable(),
});
export type TelegramStatus = z.infer<typeof TelegramStatusSchema>;

export const TelegramLinkSchema = z.object({
  /** `https://t.me/<bot>?start=<code>`: opens the bot, whose Start button sends `/start <code>`. */
  url: z.string(),
  /** The bot's @username, without the @. */
  bot: z.string(),
  expires_at: z.string(),
});
export type TelegramLink = z.infer<typeof TelegramLinkSchema>;

/**
 * What the webhook reads of a Telegram `Update` (core.telegram.org/bots/api#update): a private
 * chat's text message. Everything else an update may carry is accepted and ignored.
 */
export const TelegramUpdateSchema = z.looseObject({
  update_id: z.number().int(),
  message: z
    .looseObject({
      message_id: z.number().int(),
      chat: z.looseObject({ id: z.number().int(), type: z.string() }),
      from: z
        .looseObject({
          id: z.number().int(),
          is_bot: z.boolean().optional(),
          first_name: z.string().optional(),
          username: z.string().optional(),
          language_code: z.string().optional(),
        })
        .optional(),
      text: z.string().optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof TelegramUpdateSchema>;
