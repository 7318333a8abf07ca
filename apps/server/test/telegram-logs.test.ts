import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from './helpers/fake-bot-api';
import { customer } from './helpers/ids-fixtures';
import { pollUntil } from './helpers/poll-until';
import { createTelegramApp, linkChat, newChatId, newCode } from './helpers/telegram-app';
import { createAdmin, type TestContext } from './helpers/test-app';
import { deposit } from './helpers/wallet-fixtures';

/**
 * docs/security.md §14: the bot token (which the Bot API's URLs carry), the webhook secret and
 * link codes never reach the log, at its most talkative level, whatever fails.
 */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let fake: FakeBotApi;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startFakeBotApi();
  ctx = await createTelegramApp(fake, { LOG_LEVEL: 'trace' }, { logStream: capture });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

it('the bot token, the webhook secret and link codes stay out of the log, also when sending fails', async () => {
  const admin = await createAdmin(ctx);
  const user = await customer(ctx);
  const chat = newChatId();
  const unused = await newCode(ctx, user.token);
  await linkChat(ctx, fake, user.token, chat);
  const secret = fake.webhook!.secret;
  // Refusals (500, 429, 403) and a webhook call with a wrong secret.
  fake.failNext({ code: 500 }, { code: 429, retryAfter: 1 });
  await deposit(ctx.app, admin.token, user.id, '10');
  await fake.waitFor(chat, 2);
  expect(await fake.deliver({ message: { message_id: 9, chat: { id: chat, type: 'private' }, text: '/stop' } }, { secret: secret.slice(1) })).toBe(401);
  // Telegram cannot be reached at all: the send fails in fetch.
  await fake.close();
  await deposit(ctx.app, admin.token, user.id, '11');
  const failures = await pollUntil(
    async () => lines.filter((line) => line.includes('sending failed')).length,
    (n) => n >= 2,
  );
  // The 500 and the unreachable Bot API were logged (with their errors), the 429 too.
  expect(failures).toBeGreaterThanOrEqual(2);
  expect(lines.some((line) => line.includes('too many messages'))).toBe(true);
  for (const [what, value] of [
    ['bot token', fake.token],
    ['the token without its bot id', fake.token.split(':')[1]!],
    ['webhook secret', secret],
    ['a link code', unused],
  ] as const) {
    expect(lines.filter((line) => line.includes(value)), what).toEqual([]);
  }
});
