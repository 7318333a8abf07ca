import { formatRupees, ROUTES, TELEGRAM_LINK_MINUTES, type TelegramUpdate } from '@iddesk/contract';
import type { Db, Tx } from '../../db/types';
import { hashToken } from '../../lib/tokens';
import {
  accountById,
  accountOfChat,
  deleteLinkOfChat,
  putLink,
  queueForChat,
  takeLinkCode,
  type Texts,
} from './repository';
import { localeOfTelegramUser, say, sayIn } from './texts';

type Message = NonNullable<TelegramUpdate['message']>;

/** `/start abc`, `/start@SomeBot abc` → ['start', 'abc']; null for text that is no command. */
function commandOf(text: string): [string, string] | null {
  const match = /^\/([A-Za-z_]+)(?:@\w+)?(?:\s+(\S+))?/.exec(text.trim());
  return match ? [match[1]!.toLowerCase(), match[2] ?? ''] : null;
}

/**
 * One update delivered to the webhook (docs/product.md#telegram). Only a private chat's text
 * is read: `/start <code>` links the chat, `/stop` unlinks it, `/balance` answers the balance,
 * anything else gets a short help. Each answer is an outbox message written in the same
 * transaction as what it answers, in the account's language (or, for a chat with no account,
 * the language Telegram gives for the person); `now` reads code expiry.
 */
export async function handleUpdate(db: Db, update: TelegramUpdate, now: Date): Promise<void> {
  const message = update.message;
  // Groups and channels are not linked: what the bot sends is the account holder's alone.
  if (!message?.text || message.chat.type !== 'private' || message.from?.is_bot) return;
  const command = commandOf(message.text);
  await db.transaction(async (tx) => {
    const reply = (texts: Texts, userId: number | null, link: string | null = null) =>
      queueForChat(tx, { chatId: message.chat.id, userId, texts, link });
    const stranger = localeOfTelegramUser(message.from?.language_code);
    if (command?.[0] === 'start' && command[1]) {
      await start(tx, message, command[1], now, reply);
      return;
    }
    if (command?.[0] === 'stop') {
      const userId = await deleteLinkOfChat(tx, message.chat.id);
      await reply(userId === null ? sayIn(stranger, ['telegram.notLinked']) : say(['telegram.stopped']), userId, ROUTES.profile);
      return;
    }
    const account = await accountOfChat(tx, message.chat.id);
    if (!account) {
      await reply(sayIn(stranger, ['telegram.notLinked']), null, ROUTES.profile);
    } else if (account.isBlocked) {
      await reply(say(['api.auth.blocked']), account.userId);
    } else if (command?.[0] === 'balance') {
      await reply(say(['telegram.balance', { amount: formatRupees(account.balance) }]), account.userId, ROUTES.transactions);
    } else {
      await reply(say([account.type === 'admin' ? 'telegram.commandsStaff' : 'telegram.commands']), account.userId);
    }
  });
}

/** `/start <code>`: the code is used up whatever happens; a good one links this chat. */
async function start(
  tx: Tx,
  message: Message,
  code: string,
  now: Date,
  reply: (texts: Texts, userId: number | null, link?: string | null) => Promise<void>,
): Promise<void> {
  const stranger = localeOfTelegramUser(message.from?.language_code);
  const taken = await takeLinkCode(tx, hashToken(code));
  if (!taken) return reply(sayIn(stranger, ['telegram.codeInvalid']), null, ROUTES.profile);
  if (taken.expiresAt.getTime() <= now.getTime()) {
    return reply(sayIn(stranger, ['telegram.codeExpired', { minutes: TELEGRAM_LINK_MINUTES }]), null, ROUTES.profile);
  }
  const account = await accountById(tx, taken.userId);
  if (!account || account.isBlocked) return reply(sayIn(stranger, ['api.auth.blocked']), null);
  const staff = account.type === 'admin';
  const from = message.from;
  await putLink(tx, {
    userId: taken.userId,
    chatId: message.chat.id,
    name: from?.username ? `@${from.username}` : (from?.first_name ?? null),
    staff,
  });
  await reply(
    say([staff ? 'telegram.linkedStaff' : 'telegram.linked'], [staff ? 'telegram.commandsStaff' : 'telegram.commands']),
    taken.userId,
  );
}
