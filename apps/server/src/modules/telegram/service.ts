import { randomBytes } from 'node:crypto';
import { ROUTES, TELEGRAM_LINK_MINUTES, type TelegramLink, type TelegramStatus } from '@iddesk/contract';
import type { Db } from '../../db/types';
import { hashToken } from '../../lib/tokens';
import { deleteLinkOfUser, linkOf, putLinkCode, queueForChat } from './repository';
import { say } from './texts';

export async function telegramStatus(db: Db, enabled: boolean, userId: number): Promise<TelegramStatus> {
  const link = await linkOf(db, userId);
  return {
    enabled,
    linked: link ? { name: link.name, linked_at: link.linkedAt.toISOString() } : null,
  };
}

/**
 * A new one-time code for the account, as the bot's deep link: 192 random bits, stored only as
 * their SHA-256, replacing the account's previous code, good for TELEGRAM_LINK_MINUTES.
 */
export async function newLinkCode(db: Db, bot: string, userId: number, now: Date): Promise<TelegramLink> {
  const code = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_MINUTES * 60_000);
  await putLinkCode(db, userId, hashToken(code), expiresAt);
  return { url: `https://t.me/${bot}?start=${code}`, bot, expires_at: expiresAt.toISOString() };
}

/** Forgets the account's chat, and tells the chat so; false when there was none. */
export async function unlinkAccount(db: Db, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const chatId = await deleteLinkOfUser(tx, userId);
    if (chatId === null) return false;
    await queueForChat(tx, { chatId, userId, texts: say(['telegram.unlinkedOnSite']), link: ROUTES.profile });
    return true;
  });
}
