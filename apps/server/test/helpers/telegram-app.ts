import { createServer } from 'node:net';
import { TELEGRAM_API } from '@iddesk/contract';
import { expect } from 'vitest';
import type { FakeBotApi, SentMessage } from './fake-bot-api';
import { createTestApp, post, type TestAppOptions, type TestContext } from './test-app';

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The environment that points an app at `fake` as its Bot API, with APP_URL on `port`. */
export const telegramEnv = (fake: FakeBotApi, port: number): Record<string, string> => ({
  TELEGRAM_BOT_TOKEN: fake.token,
  TELEGRAM_API_URL: fake.url,
  APP_URL: `http://127.0.0.1:${port}`,
});

/**
 * The real app with Telegram on `fake`, listening on loopback at its APP_URL, so the fake
 * delivers updates to its webhook over HTTP as Telegram would.
 */
export async function createTelegramApp(
  fake: FakeBotApi,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestContext> {
  const port = await freePort();
  const ctx = await createTestApp({ ...telegramEnv(fake, port), ...env }, options);
  await ctx.app.listen({ host: '127.0.0.1', port });
  return ctx;
}

/** The one-time code in a link the app made. */
export function codeOf(url: string): string {
  const code = new URL(url).searchParams.get('start');
  expect(code, url).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  return code!;
}

/** A new link code for the account of `token`. */
export async function newCode(ctx: TestContext, token: string): Promise<string> {
  const res = await post(ctx.app, `/api${TELEGRAM_API.link}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return codeOf(res.json().data.url as string);
}

/** Links `chatId` to the account of `token` as a person would: /start with a fresh code. */
export async function linkChat(
  ctx: TestContext,
  fake: FakeBotApi,
  token: string,
  chatId: number,
  from: { username?: string; first_name?: string; language_code?: string } = {},
): Promise<SentMessage> {
  const code = await newCode(ctx, token);
  const before = fake.to(chatId).length;
  expect(await fake.write(chatId, `/start ${code}`, from)).toBe(200);
  const replies = await fake.waitFor(chatId, before + 1);
  return replies.at(-1)!;
}

let chats = 5_000_000_000;
/** A chat id no other test uses, past 32 bits as Telegram's are. */
export const newChatId = () => (chats += 1);
