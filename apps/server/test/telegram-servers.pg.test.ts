import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { telegramOutbox } from '../src/db/schema';
import type { Database } from '../src/db/types';
import { queueForChat } from '../src/modules/telegram/repository';
import { type FakeBotApi, startFakeBotApi } from './helpers/fake-bot-api';
import { pollUntil } from './helpers/poll-until';
import { scratchStore, type ScratchStore } from './helpers/processes';
import { freePort, newChatId, telegramEnv } from './helpers/telegram-app';
import { testConfig, type TestContext } from './helpers/test-app';

/**
 * Issue 55 item 3: two servers on one PostgreSQL, both sending the outbox. Each message goes
 * out once (rows claimed with FOR UPDATE SKIP LOCKED), and the two keep to one rate limit
 * (the shared counter in PostgreSQL).
 */
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('telegram-servers.pg.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then)');
}

let fake: FakeBotApi;
let store: ScratchStore;
const databases: Database[] = [];
const servers: TestContext[] = [];

beforeAll(async () => {
  fake = await startFakeBotApi();
  store = await scratchStore();
  const appKey = randomBytes(32);
  for (let i = 0; i < 2; i += 1) {
    const database = await store.open();
    databases.push(database);
    const port = await freePort();
    const config = { ...testConfig(telegramEnv(fake, port)), appKey };
    const app: FastifyInstance = await buildApp({ db: database.db, config });
    await app.listen({ host: '127.0.0.1', port });
    servers.push({ app, db: database.db, database, config, close: () => app.close() });
  }
}, 60_000);

afterAll(async () => {
  for (const server of servers) await server.app.close();
  for (const database of databases) await database.close();
  await fake?.close();
  await store?.drop();
});

it('61 messages waiting on two servers go out once each, the two within one rate limit', async () => {
  const [a] = servers as [TestContext, TestContext];
  const chat = newChatId();
  const numbers = Array.from({ length: 61 }, (_, i) => i + 1);
  // Written at once, in one transaction: both senders find them at their next sweep.
  await a.db.transaction(async (tx) => {
    for (const n of numbers) {
      await queueForChat(tx, { chatId: chat, userId: null, texts: { en: `message ${n}`, hi: `संदेश ${n}` }, link: null });
    }
  });
  const received = await fake.waitFor(chat, numbers.length, 60_000);
  await pollUntil(
    () => a.db.$count(telegramOutbox),
    (n) => n === 0,
  );
  expect(fake.to(chat)).toHaveLength(numbers.length);
  expect(received.map((m) => Number(m.text.split(' ')[1])).sort((x, y) => x - y)).toEqual(numbers);

  // 30 a second between them (one window in PostgreSQL): the 61st send is two windows after
  // the first. Each server on its own would have sent 60 in the first window.
  const times = fake.calls.filter((c) => c.method === 'sendMessage' && c.status === 200).map((c) => c.at);
  expect(times[60]! - times[0]!).toBeGreaterThanOrEqual(1900);
});
