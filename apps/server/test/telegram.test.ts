import { createHash } from 'node:crypto';
import { ROLE_PERMISSIONS, roleCan, type StaffRole, TELEGRAM_API, TELEGRAM_LINK_MINUTES } from '@iddesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, telegramLinkCodes, telegramLinks, telegramOutbox } from '../src/db/schema';
import { type FakeBotApi, startFakeBotApi } from './helpers/fake-bot-api';
import { customer } from './helpers/ids-fixtures';
import { pollUntil } from './helpers/poll-until';
import { createTelegramApp, linkChat, newChatId, newCode } from './helpers/telegram-app';
import { createStaffMember, get, post, type TestContext } from './helpers/test-app';
import { addFunds, balanceOf, createUpiPaymentType, deposit } from './helpers/wallet-fixtures';

/**
 * Issue 55 item 3 (docs/product.md#telegram): linking a chat with a one-time code, unlinking
 * from either side, /balance, notifications in the account's language, staff queue alerts by
 * role, and the outbox's retries, all against a fake Bot API on loopback speaking Telegram's
 * protocol, on PGlite and on PostgreSQL. Production's STAFF_SECOND_FACTOR=required.
 */

let fake: FakeBotApi;
let ctx: TestContext;
/** The app's clock: link codes expire by it. */
let clockOffsetMs = 0;
let owner: Awaited<ReturnType<typeof createStaffMember>>;
let paymentTypeId: number;
const STAFF_ROLES = Object.keys(ROLE_PERMISSIONS) as StaffRole[];

beforeAll(async () => {
  fake = await startFakeBotApi();
  ctx = await createTelegramApp(fake, { STAFF_SECOND_FACTOR: 'required' }, { now: () => new Date(Date.now() + clockOffsetMs) });
  owner = await createStaffMember(ctx, 'owner', { secondFactor: true });
  paymentTypeId = (await createUpiPaymentType(ctx.app, owner.token)).id;
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const status = async (token: string) => {
  const res = await get(ctx.app, `/api${TELEGRAM_API.status}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { enabled: boolean; linked: { name: string | null; linked_at: string } | null };
};

/** Waits until the outbox is empty: every message written so far went out (or was dropped). */
const outboxDrained = () =>
  pollUntil(
    () => ctx.db.$count(telegramOutbox),
    (n) => n === 0,
  );

describe('linking a chat', () => {
  it('at start the app asks for its username and sets the webhook to APP_URL with a secret', () => {
    expect(fake.calls.some((c) => c.method === 'getMe' && c.status === 200)).toBe(true);
    expect(fake.webhook?.url).toBe(`${ctx.config.appUrl}/api/telegram/webhook`);
    expect(fake.webhook?.secret).toMatch(/^[0-9a-f]{64}$/);
    const set = fake.calls.find((c) => c.method === 'setWebhook');
    expect(set?.params.allowed_updates).toEqual(['message']);
  });

  it('a code links the chat, answered in the account language; only its hash is stored', async () => {
    const user = await customer(ctx);
    expect(await status(user.token)).toEqual({ enabled: true, linked: null });
    const res = await post(ctx.app, `/api${TELEGRAM_API.link}`, undefined, user.token);
    expect(res.statusCode, res.body).toBe(200);
    const { url, bot, expires_at } = res.json().data as { url: string; bot: string; expires_at: string };
    expect(bot).toBe(fake.username);
    expect(url).toMatch(new RegExp(`^https://t\\.me/${fake.username}\\?start=[A-Za-z0-9_-]{32}$`));
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan((TELEGRAM_LINK_MINUTES - 1) * 60_000);
    const code = new URL(url).searchParams.get('start')!;
    const [stored] = await ctx.db.select().from(telegramLinkCodes).where(eq(telegramLinkCodes.userId, user.id));
    expect(stored!.codeHash).toBe(createHash('sha256').update(code).digest('hex'));

    const chat = newChatId();
    expect(await fake.write(chat, `/start ${code}`, { username: 'asha_k', language_code: 'hi' })).toBe(200);
    const [reply] = await fake.waitFor(chat, 1);
    // The account's language (English), not the one Telegram gives for the person.
    expect(reply!.text).toContain('this chat is linked to your account');
    expect(reply!.text).toContain('/balance');
    expect((await status(user.token)).linked).toMatchObject({ name: '@asha_k' });
    const [link] = await ctx.db.select().from(telegramLinks).where(eq(telegramLinks.userId, user.id));
    expect(link).toMatchObject({ chatId: chat, staff: false });
  });

  it('a used code is refused: the second chat is not linked and is told so', async () => {
    const user = await customer(ctx);
    const code = await newCode(ctx, user.token);
    const first = newChatId();
    const second = newChatId();
    expect(await fake.write(first, `/start ${code}`)).toBe(200);
    await fake.waitFor(first, 1);
    expect(await fake.write(second, `/start ${code}`, { language_code: 'hi' })).toBe(200);
    const [refused] = await fake.waitFor(second, 1);
    // A chat with no account is answered in the language Telegram gives for the person.
    expect(refused!.text).toContain('यह लिंक काम नहीं करता');
    expect(refused!.text).toContain(`${ctx.config.appUrl}/profile`);
    const [link] = await ctx.db.select().from(telegramLinks).where(eq(telegramLinks.userId, user.id));
    expect(link!.chatId).toBe(first);
  });

  it('a newer code replaces the older one', async () => {
    const user = await customer(ctx);
    const older = await newCode(ctx, user.token);
    await newCode(ctx, user.token);
    const chat = newChatId();
    expect(await fake.write(chat, `/start ${older}`)).toBe(200);
    const [refused] = await fake.waitFor(chat, 1);
    expect(refused!.text).toContain('This link does not work');
    expect((await status(user.token)).linked).toBeNull();
  });

  it(`an expired code (older than ${TELEGRAM_LINK_MINUTES} minutes) is refused`, async () => {
    const user = await customer(ctx);
    const code = await newCode(ctx, user.token);
    const chat = newChatId();
    clockOffsetMs = TELEGRAM_LINK_MINUTES * 60_000 + 1000;
    try {
      expect(await fake.write(chat, `/start ${code}`)).toBe(200);
      const [refused] = await fake.waitFor(chat, 1);
      expect(refused!.text).toContain('This link has expired');
    } finally {
      clockOffsetMs = 0;
    }
    expect((await status(user.token)).linked).toBeNull();
    // Used up all the same.
    expect(await ctx.db.$count(telegramLinkCodes, eq(telegramLinkCodes.userId, user.id))).toBe(0);
  });

  it('the webhook refuses a call without the secret, and reads nothing of it', async () => {
    const user = await customer(ctx);
    const code = await newCode(ctx, user.token);
    const chat = newChatId();
    expect(await fake.deliver({ message: { message_id: 1, chat: { id: chat, type: 'private' }, text: `/start ${code}` } }, { secret: 'guess' })).toBe(401);
    expect(await fake.deliver({ message: { message_id: 1, chat: { id: chat, type: 'private' }, text: `/start ${code}` } }, { secret: '' })).toBe(401);
    expect((await status(user.token)).linked).toBeNull();
    expect(await ctx.db.$count(telegramLinkCodes, eq(telegramLinkCodes.userId, user.id))).toBe(1);
  });

  it('odd updates are taken (200) and change nothing; /start@bot <code> works like /start <code>', async () => {
    const user = await customer(ctx);
    const code = await newCode(ctx, user.token);
    const chat = newChatId();
    const odd = [
      { edited_message: { message_id: 1, chat: { id: chat, type: 'private' }, text: `/start ${code}` } },
      { message: { message_id: 2, chat: { id: chat, type: 'private' }, photo: [{ file_id: 'x' }] } },
      { message: { message_id: 3, chat: { id: chat, type: 'private' }, from: { id: chat, is_bot: true }, text: `/start ${code}` } },
      { message: { message_id: 4, chat: { id: chat, type: 'private' }, text: `/start ${'x'.repeat(5000)}` } },
      { my_chat_member: { chat: { id: chat, type: 'private' } } },
    ];
    for (const update of odd) expect(await fake.deliver(update)).toBe(200);
    // Only the too-long code was read as one, and refused.
    const [refused] = await fake.waitFor(chat, 1);
    expect(refused!.text).toContain('This link does not work');
    expect((await status(user.token)).linked).toBeNull();
    expect(await fake.write(chat, `/start@${fake.username} ${code}`)).toBe(200);
    const [, linked] = await fake.waitFor(chat, 2);
    expect(linked!.text).toContain('this chat is linked to your account');
  });

  it('/start without a code, in a chat with no account, says how to link', async () => {
    const chat = newChatId();
    expect(await fake.write(chat, '/start', { language_code: 'hi-IN' })).toBe(200);
    const [reply] = await fake.waitFor(chat, 1);
    expect(reply!.text).toContain('यह चैट किसी खाते से जुड़ी नहीं है');
  });

  it('a group chat is not linked', async () => {
    const user = await customer(ctx);
    const code = await newCode(ctx, user.token);
    expect(await fake.deliver({ message: { message_id: 1, chat: { id: -1001234567890, type: 'supergroup' }, text: `/start ${code}` } })).toBe(200);
    expect((await status(user.token)).linked).toBeNull();
    expect(await ctx.db.$count(telegramLinkCodes, eq(telegramLinkCodes.userId, user.id))).toBe(1);
  });
});

describe('unlinking, from either side', () => {
  it('the profile unlinks: the chat is told, and gets nothing more', async () => {
    const user = await customer(ctx);
    const chat = newChatId();
    await linkChat(ctx, fake, user.token, chat);
    const res = await post(ctx.app, `/api${TELEGRAM_API.unlink}`, undefined, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Telegram is unlinked: nothing more will be sent to that chat.');
    expect((await status(user.token)).linked).toBeNull();
    const messages = await fake.waitFor(chat, 2);
    expect(messages[1]!.text).toContain('This chat was unlinked from your profile');
    // A notification after that is not queued for the chat.
    await deposit(ctx.app, owner.token, user.id, '10');
    expect(await ctx.db.$count(telegramOutbox, eq(telegramOutbox.userId, user.id))).toBe(0);
    expect(await fake.write(chat, '/balance')).toBe(200);
    const [, , answer] = await fake.waitFor(chat, 3);
    expect(answer!.text).toContain('This chat is not linked to an account');
  });

  it('/stop in the bot unlinks', async () => {
    const user = await customer(ctx);
    const chat = newChatId();
    await linkChat(ctx, fake, user.token, chat);
    expect(await fake.write(chat, '/stop')).toBe(200);
    const [, stopped] = await fake.waitFor(chat, 2);
    expect(stopped!.text).toContain('Unlinked: nothing more will be sent to this chat.');
    expect((await status(user.token)).linked).toBeNull();
  });

  it('a chat that blocked the bot (403) is unlinked, and the message dropped', async () => {
    const user = await customer(ctx);
    const chat = newChatId();
    await linkChat(ctx, fake, user.token, chat);
    fake.failNext({ code: 403 });
    await deposit(ctx.app, owner.token, user.id, '10');
    await outboxDrained();
    expect((await status(user.token)).linked).toBeNull();
    expect(fake.to(chat)).toHaveLength(1);
  });
});

describe('commands', () => {
  it('/balance answers the balance as the site writes money, in the account language', async () => {
    const user = await customer(ctx);
    const chat = newChatId();
    await deposit(ctx.app, owner.token, user.id, '123456.50');
    expect((await post(ctx.app, '/api/user/locale', { locale: 'hi' }, user.token)).statusCode).toBe(200);
    await linkChat(ctx, fake, user.token, chat);
    expect(await fake.write(chat, '/balance')).toBe(200);
    const [, answer] = await fake.waitFor(chat, 2);
    expect(answer!.text).toBe(`आपका बैलेंस: ₹1,23,456.50\n${ctx.config.appUrl}/transactions`);
  });

  it('anything else gets a short help', async () => {
    const user = await customer(ctx);
    const chat = newChatId();
    await linkChat(ctx, fake, user.token, chat);
    expect(await fake.write(chat, 'hello there')).toBe(200);
    const [, help] = await fake.waitFor(chat, 2);
    expect(help!.text).toBe('/balance: your balance\n/stop: unlink this chat');
  });
});

describe('notifications on Telegram', () => {
  it('an approval reaches the linked chat in Hindi, with the link to the page', async () => {
    const user = await customer(ctx);
    expect((await post(ctx.app, '/api/user/locale', { locale: 'hi' }, user.token)).statusCode).toBe(200);
    const chat = newChatId();
    await linkChat(ctx, fake, user.token, chat);
    const bill = (await addFunds(ctx.app, user.token, paymentTypeId, '1500.00')).json().data as { id: number };
    const approved = await post(ctx.app, `/api/admin/bills/${bill.id}/approve`, undefined, owner.token);
    expect(approved.statusCode, approved.body).toBe(200);
    const [, message] = await fake.waitFor(chat, 2);
    expect(message!.text).toBe(
      `पैसे जुड़ गए\nआपका ₹1,500.00 का टॉप-अप (बिल #${bill.id}) मंज़ूर हो गया है और अब आपके बैलेंस में है।\n${ctx.config.appUrl}/transactions`,
    );
  });

  it('a failed send is retried, in the language the account has when it is sent', async () => {
    const user = await customer(ctx);
    const chat = newChatId();
    await linkChat(ctx, fake, user.token, chat);
    const failedBefore = fake.calls.filter((c) => c.status === 500).length;
    fake.failNext({ code: 500 });
    await post(ctx.app, '/api/admin/deposit/create', { user_id: user.id, amount: '75', comment: 'Cashback' }, owner.token);
    await pollUntil(
      async () => fake.calls.filter((c) => c.status === 500).length,
      (n) => n > failedBefore,
    );
    // The retry waits at least a second (due_at moved on): the language changes meanwhile.
    expect((await post(ctx.app, '/api/user/locale', { locale: 'hi' }, user.token)).statusCode).toBe(200);
    const [, message] = await fake.waitFor(chat, 2);
    expect(message!.text).toBe(
      `बैलेंस में पैसे जोड़े गए\nहमारी टीम ने आपके बैलेंस में ₹75.00 जोड़े हैं। नोट: Cashback\n${ctx.config.appUrl}/transactions`,
    );
  });

  it("a 429 is waited out for its retry_after before the message is sent again", async () => {
    const user = await customer(ctx);
    const chat = newChatId();
    await linkChat(ctx, fake, user.token, chat);
    fake.failNext({ code: 429, retryAfter: 2 });
    await deposit(ctx.app, owner.token, user.id, '20');
    const [, message] = await fake.waitFor(chat, 2);
    const limited = fake.calls.filter((c) => c.method === 'sendMessage' && c.status === 429).at(-1)!;
    expect(message!.text).toContain('₹20.00');
    expect(message!.at - limited.at).toBeGreaterThanOrEqual(2000);
  });

  it('a failing Bot API does not fail the approval that caused the message', async () => {
    const user = await customer(ctx);
    const chat = newChatId();
    await linkChat(ctx, fake, user.token, chat);
    const bill = (await addFunds(ctx.app, user.token, paymentTypeId, '300.00')).json().data as { id: number };
    const failedBefore = fake.calls.filter((c) => c.status === 500).length;
    fake.failNext({ code: 500 }, { code: 500 });
    const approved = await post(ctx.app, `/api/admin/bills/${bill.id}/approve`, undefined, owner.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await balanceOf(ctx, user.id)).toBe(30000n);
    expect(await ctx.db.$count(notifications, eq(notifications.userId, user.id))).toBe(1);
    // Telegram refused twice; the money and the notification stand, and the message follows.
    await pollUntil(
      async () => fake.calls.filter((c) => c.status === 500).length,
      (n) => n >= failedBefore + 2,
    );
    const [, message] = await fake.waitFor(chat, 2);
    expect(message!.text).toContain('₹300.00');
    await outboxDrained();
  });
});

describe('queue alerts for staff', () => {
  it('a new top-up reaches the linked staff whose role may see the queue, and no one else', async () => {
    const staff = await Promise.all(STAFF_ROLES.map((role) => createStaffMember(ctx, role, { secondFactor: true })));
    const unenrolled = await createStaffMember(ctx, 'cashier', { secondFactor: false });
    const disabled = await createStaffMember(ctx, 'support', { secondFactor: true });
    const bystander = await customer(ctx);
    const chats = new Map<number, number>();
    for (const member of [...staff, unenrolled, disabled, bystander]) {
      const chat = newChatId();
      chats.set(member.id, chat);
      const linked = await linkChat(ctx, fake, member.token, chat);
      if (member !== bystander) expect(linked.text).toContain('linked to your staff account');
    }
    expect((await post(ctx.app, `/api/admin/staff/${disabled.id}/disable`, undefined, owner.token)).statusCode).toBe(200);

    const filer = await customer(ctx);
    const bill = (await addFunds(ctx.app, filer.token, paymentTypeId, '2500.00')).json().data as { id: number };
    const alert = `New top-up #${bill.id} waiting: ₹2,500.00\n${ctx.config.appUrl}/admin/bills/${bill.id}`;
    const told = staff.filter((_, i) => roleCan(STAFF_ROLES[i]!, 'queues.read'));
    expect(told.length).toBeGreaterThan(0);
    for (const member of told) expect((await fake.waitFor(chats.get(member.id)!, 2))[1]!.text).toBe(alert);
    await outboxDrained();
    for (const member of staff.filter((m) => !told.includes(m))) expect(fake.to(chats.get(member.id)!)).toHaveLength(1);
    // No second factor while it is required, disabled, or a customer: nothing.
    for (const member of [unenrolled, disabled, bystander]) expect(fake.to(chats.get(member.id)!)).toHaveLength(1);
  });

  it('a staff member reads the alert in their own language; the item page is linked', async () => {
    const cashier = await createStaffMember(ctx, 'cashier', { secondFactor: true });
    expect((await post(ctx.app, '/api/user/locale', { locale: 'hi' }, cashier.token)).statusCode).toBe(200);
    const chat = newChatId();
    await linkChat(ctx, fake, cashier.token, chat);
    const filer = await customer(ctx);
    await deposit(ctx.app, owner.token, filer.id, '1000');
    const withdrawal = await post(ctx.app, '/api/withdraw', { amount: '400', method: 'upi', upi_id: 'filer@okaxis' }, filer.token);
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const id = withdrawal.json().data.id as number;
    const [, alert] = await fake.waitFor(chat, 2);
    expect(alert!.text).toBe(`नई निकासी #${id} इंतज़ार में: ₹400.00\n${ctx.config.appUrl}/admin/withdraw/${id}`);
  });
});
