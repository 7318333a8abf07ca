import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Telegram Bot API on loopback for the API tests and the browser stories (the e2e
 * suite imports it too): the real protocol of the methods the app uses — `POST
 * /bot<token>/<method>` with a JSON body, answered `{ ok: true, result }` or
 * `{ ok: false, error_code, description, parameters? }` with the HTTP status of `error_code`
 * (core.telegram.org/bots/api#making-requests) — and, like Telegram, it delivers updates to the
 * webhook it was given, with the secret it was given. Point the app at it with
 * TELEGRAM_API_URL and TELEGRAM_BOT_TOKEN (`token`).
 */

export type SentMessage = { chatId: number; text: string; at: number };
export type ApiCall = { method: string; at: number; status: number; params: Record<string, unknown> };
/** What the next sendMessage calls answer instead of taking the message. */
export type Failure =
  | { code: 500 }
  | { code: 429; retryAfter: number }
  | { code: 403; description?: string }
  | { code: 400; description?: string };

export type FakeBotApi = Awaited<ReturnType<typeof startFakeBotApi>>;

/** The fake's token and bot name unless a test picks others: BotFather's token format. */
export const FAKE_BOT_TOKEN = '7000000001:AAFakeTokenForTheTestsOnly_abcdefghij';
export const FAKE_BOT_USERNAME = 'IdDeskTestBot';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Bad Request: chat not found',
  401: 'Unauthorized',
  403: 'Forbidden: bot was blocked by the user',
  404: 'Not Found',
  500: 'Internal Server Error',
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function refusal(code: number, description = DESCRIPTIONS[code] ?? 'Error', parameters?: object) {
  return { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) };
}

export async function startFakeBotApi({
  port = 0,
  username = FAKE_BOT_USERNAME,
  token = FAKE_BOT_TOKEN,
}: { port?: number; username?: string; token?: string } = {}) {
  const sent: SentMessage[] = [];
  const calls: ApiCall[] = [];
  const failures: Failure[] = [];
  let webhook: { url: string; secret: string } | null = null;
  let updateId = 1000;
  let messageId = 1;
  const botId = Number(token.split(':')[0]);

  const server = createServer((request, response) => {
    void (async () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      const text = await readBody(request);
      if (!match) return answer(response, 404, refusal(404));
      const [, given, method] = match as unknown as [string, string, string];
      let params: Record<string, unknown> = {};
      try {
        params = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        return answer(response, 400, refusal(400, "Bad Request: can't parse JSON"));
      }
      const reply = (status: number, body: unknown) => {
        calls.push({ method, at: Date.now(), status, params });
        answer(response, status, body);
      };
      if (given !== token) return reply(401, refusal(401));
      if (method === 'getMe') {
        return reply(200, {
          ok: true,
          result: {
            id: botId,
            is_bot: true,
            first_name: 'ID Desk test bot',
            username,
            can_join_groups: true,
            can_read_all_group_messages: false,
            supports_inline_queries: false,
          },
        });
      }
      if (method === 'setWebhook') {
        if (typeof params.url !== 'string') return reply(400, refusal(400, 'Bad Request: bad webhook: URL must be set'));
        webhook = { url: params.url, secret: typeof params.secret_token === 'string' ? params.secret_token : '' };
        return reply(200, { ok: true, result: true, description: 'Webhook was set' });
      }
      if (method === 'sendMessage') {
        const chatId = Number(params.chat_id);
        if (!Number.isInteger(chatId) || typeof params.text !== 'string' || params.text === '') {
          return reply(400, refusal(400, 'Bad Request: message text is empty'));
        }
        const failure = failures.shift();
        if (failure?.code === 429) {
          return reply(429, refusal(429, `Too Many Requests: retry after ${failure.retryAfter}`, { retry_after: failure.retryAfter }));
        }
        if (failure) return reply(failure.code, refusal(failure.code, 'description' in failure ? failure.description : undefined));
        sent.push({ chatId, text: params.text, at: Date.now() });
        return reply(200, {
          ok: true,
          result: {
            message_id: messageId++,
            from: { id: botId, is_bot: true, first_name: 'ID Desk test bot', username },
            chat: { id: chatId, type: 'private' },
            date: Math.floor(Date.now() / 1000),
            text: params.text,
          },
        });
      }
      return reply(404, refusal(404));
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  /** The webhook as Telegram set it up; waits for setWebhook (the app calls it at start). */
  const registered = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!webhook) {
      if (Date.now() > deadline) throw new Error('the app never called setWebhook');
      await new Promise((r) => setTimeout(r, 20));
    }
    return webhook;
  };

  return {
    url: `http://127.0.0.1:${address.port}`,
    token,
    username,
    sent,
    calls,
    get webhook() {
      return webhook;
    },
    /** The next sendMessage calls fail like this, one failure each. */
    failNext(...next: Failure[]) {
      failures.push(...next);
    },
    /** POSTs `update` to the webhook as Telegram does; the app's HTTP status. */
    async deliver(update: Record<string, unknown>, { secret, timeoutMs = 10_000 }: { secret?: string; timeoutMs?: number } = {}) {
      const hook = await registered(timeoutMs);
      const response = await fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret ?? hook.secret },
        body: JSON.stringify({ update_id: ++updateId, ...update }),
      });
      return response.status;
    },
    /** A person writes `text` to the bot in a private chat (`chatId` is also their user id). */
    write(chatId: number, text: string, from: { username?: string; first_name?: string; language_code?: string } = {}) {
      const person = { id: chatId, is_bot: false, first_name: from.first_name ?? 'Test', ...from };
      return this.deliver({
        message: {
          message_id: messageId++,
          from: person,
          chat: { id: chatId, type: 'private', first_name: person.first_name, ...(from.username ? { username: from.username } : {}) },
          date: Math.floor(Date.now() / 1000),
          text,
          ...(text.startsWith('/') ? { entities: [{ offset: 0, length: text.split(/\s/)[0]!.length, type: 'bot_command' }] } : {}),
        },
      });
    },
    /** The messages sent to `chatId` so far. */
    to(chatId: number): SentMessage[] {
      return sent.filter((m) => m.chatId === chatId);
    },
    /** Waits until `chatId` has received `count` messages in all; returns them. */
    async waitFor(chatId: number, count: number, timeoutMs = 15_000): Promise<SentMessage[]> {
      const deadline = Date.now() + timeoutMs;
      while (this.to(chatId).length < count) {
        if (Date.now() > deadline) {
          throw new Error(`chat ${chatId}: expected ${count} messages, got ${JSON.stringify(this.to(chatId))}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      return this.to(chatId);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
