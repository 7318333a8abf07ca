// What the crash test and the scale-out test share around the World: the cast made as the
// admin (a payment type, a catalogue item, customers), and the bookkeeping of every money
// operation sent through the API (acknowledged, refused or cut off, and retried with its key).
import { type Answer, type Call, isOk, jsonCall, multipartCall, NoAnswer } from './http';
import { type Customer, describe, type Op, World } from './world';

/** Sends a call and insists on a 2xx; each test words (and throws) its own failure. */
export type Must = (call: Call, what: string) => Promise<Answer>;

export type Cast = {
  /** 'Crash' or 'Scale': the payment type, item and customers are named after the test. */
  label: string;
  admin: { email: string; password: string };
  customers: number;
  /** Five digits: customer n's phone is the prefix and n in five more. */
  phonePrefix: string;
  password: string;
};

/**
 * The admin (created at start from ADMIN_EMAIL and ADMIN_PASSWORD) adds a payment type and a
 * catalogue item, and the customers register; the World models money from here on.
 */
export async function setUpWorld(must: Must, cast: Cast, png: Buffer): Promise<World> {
  const { label } = cast;
  const login = await must(
    jsonCall('', '/auth/login', { login: cast.admin.email, password: cast.admin.password }, false),
    'admin login',
  );
  const adminToken = String(login.data.api_token);
  const adminId = Number((await must(passport(adminToken), 'passport')).data.id);
  const paymentType = await must(
    multipartCall(
      adminToken,
      '/admin/payment_types/create',
      { name: `${label} UPI`, kind: 'upi', upi_id: 'desk@okbank', is_active: 'true' },
      null,
      false,
    ),
    'payment type',
  );
  const item = await must(
    multipartCall(
      adminToken,
      '/admin/ids/create',
      {
        name: `${label} Book`,
        website: 'https://example.com',
        min_deposit: '1.00',
        is_active: 'true',
      },
      { field: 'image', name: 'logo.png', type: 'image/png', bytes: png },
      false,
    ),
    'catalogue item',
  );
  await openMoneyLimits(must, adminToken);
  const customers: Customer[] = [];
  for (let index = 0; index < cast.customers; index += 1) {
    const email = `${label.toLowerCase()}${index}@example.com`;
    const body = {
      name: `${label} Customer ${index}`,
      email,
      phone: `${cast.phonePrefix}${String(index).padStart(5, '0')}`,
      password: cast.password,
      password_confirmation: cast.password,
    };
    const registered = await must(jsonCall('', '/auth/register', body, false), `register ${email}`);
    const token = String(registered.data.api_token);
    const id = Number((await must(passport(token), 'passport')).data.id);
    customers.push({ index, id, token, email });
  }
  return new World(
    { id: adminId, token: adminToken },
    customers,
    Number(paymentType.data.id),
    Number(item.data.id),
    png,
  );
}

const passport = (token: string) => jsonCall(token, '/user/passport', {}, false);

const anyAmount = { min: '0.01', max: '100000000.00' };

/**
 * Issue 17: the owners' money limits opened wide, so the World's small amounts (₹1.00 up, many
 * withdrawals a day) test durability rather than the limits (money-limits.test.ts does those).
 */
async function openMoneyLimits(must: Must, adminToken: string): Promise<void> {
  const settings = await must({ method: 'GET', path: '/settings', token: '' }, 'settings');
  const { money_limits: _limits, display_time_zone: _zone, ...text } = settings.data as Record<string, unknown>;
  const money_limits = {
    add_funds: anyAmount,
    withdraw: anyAmount,
    id_create: anyAmount,
    id_deposit: anyAmount,
    id_withdraw: anyAmount,
    daily_payout: anyAmount.max,
  };
  await must(jsonCall(adminToken, '/admin/settings', { ...text, money_limits }, false), 'money limits');
}

/** Refusals a correct server gives to this load: short balance (409), a rate limit (429). */
export function expectedRefusal(op: Op, answer: Answer): boolean {
  if (answer.status === 429) return true;
  return !op.target && answer.status === 409 && answer.code === 'INSUFFICIENT_BALANCE';
}

export const answerText = (answer: Answer) =>
  `${answer.status} ${answer.code ?? ''} ${answer.message ?? ''}`;

export type Recorded =
  { type: 'acked'; problems: string[] } | { type: 'refused'; expected: boolean };

/**
 * An answer into the op and the model: acknowledged (with what the model finds wrong with it)
 * or refused (and whether a correct server refuses so).
 */
export function record(world: World, op: Op, answer: Answer, retried: boolean): Recorded {
  if (isOk(answer)) {
    op.outcome = { type: 'acked', answer, retried };
    return { type: 'acked', problems: world.applyAck(op, answer) };
  }
  op.outcome = { type: 'refused', answer, retried };
  world.applyRefusal(op);
  return { type: 'refused', expected: expectedRefusal(op, answer) };
}

/**
 * Send a model operation once and record its outcome; what a correct server would not have
 * answered goes into `violations`. Null when there was no answer (the server died with it).
 */
export async function execute(
  world: World,
  op: Op,
  send: (call: Call) => Promise<Answer>,
  violations: string[],
): Promise<Answer | null> {
  let answer: Answer;
  try {
    answer = await send(op.call);
  } catch (error) {
    if (!(error instanceof NoAnswer)) throw error;
    op.outcome = { type: 'no-answer', error: error.message };
    return null;
  }
  const recorded = record(world, op, answer, false);
  if (recorded.type === 'acked') violations.push(...recorded.problems);
  else if (!recorded.expected) violations.push(`${describe(op)}: answered ${answerText(answer)}`);
  return answer;
}

/** Send a call again up to five times while nothing answers (the server is still coming up). */
export async function resend(
  send: (call: Call) => Promise<Answer>,
  call: Call,
): Promise<{ answer: Answer | null; lastError: string }> {
  let lastError = '';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      return { answer: await send(call), lastError };
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      lastError = error.message;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { answer: null, lastError };
}
