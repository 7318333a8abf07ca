import { roleCan, type StaffRole } from '@iddesk/contract';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CALL_PERMISSIONS } from '../src/plugins/app/staff-permissions';
import { approveId, createFromWallet, createItem, customer, customerWith, depositFromWallet } from './helpers/ids-fixtures';
import { hashToken, newApiToken } from '../src/lib/tokens';
import { insertSession } from '../src/modules/auth/repository';
import { type ApiResponse, createStaffMember, get, post, useTestApp } from './helpers/test-app';
import { addFunds, createUpiPaymentType, postForm, withdrawUpi } from './helpers/wallet-fixtures';

/**
 * docs/product.md#who-may-do-what as a table: every "METHOD path" of the OpenAPI document and who may call it.
 *
 * - public:   anyone; a token is ignored or optional (a blocked user's token counts as none)
 * - user:     a signed-in, unblocked user, on their own data
 * - owned:    a user route on one object (the `{id}`/`{key}` is user A's): another user gets 404
 * - admin:    staff only, and only a role whose permissions include the call's
 *             (plugins/app/staff-permissions.ts, contract ROLE_PERMISSIONS): owner, cashier
 *             and support each get 403 on what their role may not use; a staff account that
 *             has not enrolled its second factor gets 403 SECOND_FACTOR_REQUIRED on every one
 *
 * The routes are read from the running app, so a new call without a row here fails the test.
 * The app runs with STAFF_SECOND_FACTOR=required, as a production server does.
 */
type Access = 'public' | 'user' | 'owned' | 'admin';
const MATRIX: Record<string, Access> = {
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'user',
  'POST /api/auth/second_factor': 'public',
  'POST /api/auth/new_password': 'public',
  'POST /api/second_factor/setup': 'user',
  'POST /api/second_factor/enable': 'user',
  'POST /api/second_factor/disable': 'user',
  'GET /api/admin/staff': 'admin',
  'POST /api/admin/staff/create': 'admin',
  'POST /api/admin/staff/{id}/edit': 'admin',
  'POST /api/admin/staff/{id}/disable': 'admin',
  'POST /api/admin/staff/{id}/enable': 'admin',
  'POST /api/admin/staff/{id}/reset_second_factor': 'admin',
  'POST /api/user/exists': 'public',
  'POST /api/user/passport': 'user',
  'POST /api/user/update': 'user',
  'POST /api/user/update/password': 'user',
  'POST /api/user/locale': 'user',
  'GET /api/user/sessions': 'user',
  'POST /api/user/sessions/{id}/end': 'owned',
  'POST /api/user/sessions/end_others': 'user',
  'GET /api/marque': 'public',
  'POST /api/admin/marque': 'admin',
  'GET /api/settings': 'public',
  'POST /api/admin/settings': 'admin',
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/reviews': 'public',
  'POST /api/add_review': 'user',
  'GET /api/admin/reviews': 'admin',
  'POST /api/admin/reviews/{id}/hide': 'admin',
  'POST /api/admin/reviews/{id}/unhide': 'admin',
  'GET /api/media': 'public',
  'POST /api/admin/media/create': 'admin',
  'POST /api/admin/media/{id}/edit': 'admin',
  'POST /api/admin/media/{id}/delete': 'admin',
  'GET /api/payment_types': 'public',
  'GET /api/admin/payment_types': 'admin',
  'POST /api/admin/payment_types/create': 'admin',
  'POST /api/admin/payment_types/{id}/edit': 'admin',
  'POST /api/admin/payment_types/{id}/deactivate': 'admin',
  'POST /api/admin/payment_types/{id}/activate': 'admin',
  'POST /api/add_funds': 'user',
  'GET /api/bills/{id}': 'owned',
  'GET /api/admin/bills': 'admin',
  'GET /api/admin/bills/{id}': 'admin',
  'POST /api/admin/bills/{id}/approve': 'admin',
  'POST /api/admin/bills/{id}/reject': 'admin',
  'POST /api/withdraw': 'user',
  'GET /api/withdraw/today': 'user',
  'GET /api/withdraw/{id}': 'owned',
  'GET /api/admin/withdraw': 'admin',
  'GET /api/admin/withdraw/{id}': 'admin',
  'POST /api/admin/withdraw/{id}/approve': 'admin',
  'POST /api/admin/withdraw/{id}/reject': 'admin',
  'GET /api/transactions': 'user',
  'GET /api/transactions/export.csv': 'user',
  'GET /api/transactions/{id}': 'owned',
  'POST /api/admin/users': 'admin',
  'GET /api/admin/users/{id}': 'admin',
  'GET /api/admin/users/{id}/block': 'admin',
  'GET /api/admin/users/{id}/unblock': 'admin',
  'GET /api/admin/users/{id}/transactions': 'admin',
  'POST /api/admin/deposit/create': 'admin',
  'POST /api/admin/withdraw/create': 'admin',
  'GET /api/files/proofs/{key}': 'owned',
  'GET /api/files/public/{key}': 'public',
  'GET /api/notifications': 'user',
  'POST /api/notifications/top': 'user',
  'POST /api/notifications/seen': 'user',
  'GET /api/admin/stats': 'admin',
  'POST /api/update/password/create': 'public',
  'POST /api/update/password/check': 'public',
  'POST /api/update/password/set': 'public',
  'GET /api/ids': 'public',
  'GET /api/ids/{id}': 'public',
  'GET /api/admin/ids': 'admin',
  'GET /api/admin/ids/{id}': 'admin',
  'POST /api/admin/ids/create': 'admin',
  'POST /api/admin/ids/{id}/edit': 'admin',
  'POST /api/admin/ids/{id}/delete': 'admin',
  'POST /api/ids/{id}/create': 'user',
  'GET /api/user_ids': 'user',
  'GET /api/user_ids/{id}': 'owned',
  'GET /api/admin/user_ids': 'admin',
  'GET /api/admin/user_ids/{id}': 'admin',
  'POST /api/admin/user_ids/{id}/approve': 'admin',
  'POST /api/admin/user_ids/{id}/reject': 'admin',
  'POST /api/user_ids/{id}/deposit': 'owned',
  'POST /api/user_ids/{id}/withdraw': 'owned',
  'POST /api/user_ids/{id}/close': 'owned',
  'POST /api/user_ids/{id}/change_password': 'owned',
  'POST /api/user_ids/{id}/cancel': 'owned',
  'POST /api/requests/{id}/cancel': 'owned',
  'POST /api/bills/{id}/cancel': 'owned',
  'POST /api/withdraw/{id}/cancel': 'owned',
  'GET /api/user_ids/{id}/requests': 'owned',
  'GET /api/requests': 'user',
  'GET /api/admin/requests': 'admin',
  'GET /api/admin/requests/{id}': 'admin',
  'POST /api/admin/requests/{id}/handle': 'admin',
  'POST /api/admin/bills/{id}/claim': 'admin',
  'POST /api/admin/bills/{id}/release': 'admin',
  'POST /api/admin/withdraw/{id}/claim': 'admin',
  'POST /api/admin/withdraw/{id}/release': 'admin',
  'POST /api/admin/user_ids/{id}/claim': 'admin',
  'POST /api/admin/user_ids/{id}/release': 'admin',
  'POST /api/admin/requests/{id}/claim': 'admin',
  'POST /api/admin/requests/{id}/release': 'admin',
  // The staff desk (issue 16): staff only; read-only except the two batches.
  'GET /api/admin/dashboard': 'admin',
  'GET /api/admin/audit': 'admin',
  'GET /api/admin/audit/{type}/{id}': 'admin',
  'POST /api/admin/bills/batch': 'admin',
  'POST /api/admin/withdraw/batch': 'admin',
  'GET /api/admin/bills/export.csv': 'admin',
  'GET /api/admin/withdraw/export.csv': 'admin',
  'GET /api/admin/requests/export.csv': 'admin',
  'GET /api/admin/user_ids/export.csv': 'admin',
  'GET /api/admin/users/{id}/transactions/export.csv': 'admin',
  // Telegram (issue 55): the caller's own link; the webhook is Telegram's (its secret header).
  'GET /api/user/telegram': 'user',
  'POST /api/user/telegram/link': 'user',
  'POST /api/user/telegram/unlink': 'user',
  'POST /api/telegram/webhook': 'public',
  // Bank statements (issue 54): importing is `statements.import` (owners and cashiers), reading
  // the reconciliation is `queues.read`, the rules `content.manage`, a credit `balance.adjust`.
  'POST /api/admin/statements': 'admin',
  'GET /api/admin/statements': 'admin',
  'GET /api/admin/statements/accounts': 'admin',
  'GET /api/admin/statements/rules': 'admin',
  'POST /api/admin/statements/rules': 'admin',
  'GET /api/admin/statements/{id}': 'admin',
  'GET /api/admin/statements/{id}/lines': 'admin',
  'GET /api/admin/statements/{id}/no_money': 'admin',
  'POST /api/admin/statements/lines/{id}/credit': 'admin',
  'GET /api/admin/bills/{id}/statement': 'admin',
  'GET /api/events': 'user',
};

/**
 * Bodies for the few calls whose guard finishes after validation: the poll folds its token
 * check into its one query (decision 010), and two ID calls look the ID up after reading the
 * form. A valid body makes the row test the guard rather than the validator.
 */
const BODIES: Record<string, { form?: Record<string, string>; json?: unknown }> = {
  'POST /api/notifications/top': { json: { id: 0 } },
  'POST /api/user_ids/{id}/deposit': { form: { amount: '100', pay_from: 'wallet' } },
  'POST /api/user_ids/{id}/withdraw': { json: { amount: '100' } },
};

type Role = 'guest' | 'blocked' | 'other' | 'user' | StaffRole | 'unenrolled';
const STAFF_ROLES: StaffRole[] = ['owner', 'cashier', 'support'];
const ROLES: Role[] = ['guest', 'blocked', 'other', 'user', ...STAFF_ROLES, 'unenrolled'];
const MISSING = '999999';

let routes: Array<{ method: string; path: string }>;
const tokens: Partial<Record<Role, string>> = {};
const ids = { bill: '', withdrawal: '', transaction: '', userId: '', request: '', item: '', victim: '', proofKey: '', session: '' };

const ctx = useTestApp({ STAFF_SECOND_FACTOR: 'required' });
beforeAll(async () => {
  const admin = await createStaffMember(ctx, 'owner', { secondFactor: true });
  const cashier = await createStaffMember(ctx, 'cashier', { secondFactor: true });
  const support = await createStaffMember(ctx, 'support', { secondFactor: true });
  const unenrolled = await createStaffMember(ctx, 'owner', { secondFactor: false });
  const paymentType = await createUpiPaymentType(ctx.app, admin.token);
  const item = await createItem(ctx.app, admin.token);
  // User A owns one of everything; B is the other user; C is blocked; D is the admin's target.
  const a = await customerWith(ctx, admin.token, '5000');
  const b = await customerWith(ctx, admin.token, '5000');
  const c = await customer(ctx);
  const d = await customer(ctx);

  const bill = await addFunds(ctx.app, a.token, paymentType.id);
  expect(bill.statusCode, bill.body).toBe(200);
  ids.bill = String(bill.json().data.id);
  ids.proofKey = String(bill.json().data.proof_url).split('/').pop()!;
  const withdrawal = await withdrawUpi(ctx.app, a.token, '100');
  expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  ids.withdrawal = String(withdrawal.json().data.id);
  ids.transaction = String((await get(ctx.app, '/api/transactions', a.token)).json().data.items[0].id);
  const created = await createFromWallet(ctx.app, a.token, item.id, '500');
  expect(created.statusCode, created.body).toBe(200);
  ids.userId = String(created.json().data.id);
  expect((await approveId(ctx.app, admin.token, Number(ids.userId))).statusCode).toBe(200);
  const request = await depositFromWallet(ctx.app, a.token, Number(ids.userId), '200');
  expect(request.statusCode, request.body).toBe(200);
  ids.request = String(request.json().data.id);
  ids.item = String(item.id);
  ids.victim = String(d.id);
  // A now has notifications too (the ID approval); B has none of A's.
  const notes = await get(ctx.app, '/api/notifications', a.token);
  expect(notes.statusCode).toBe(200);

  // A second session of A's, for "end one session": B may not end it, A may.
  await insertSession(ctx.db, { userId: a.id, tokenHash: hashToken(newApiToken()), maxDays: 30 });
  const aSessions = (await get(ctx.app, '/api/user/sessions', a.token)).json().data as Array<{ id: number; current: boolean }>;
  ids.session = String(aSessions.find((s) => !s.current)!.id);

  const blocked = await get(ctx.app, `/api/admin/users/${c.id}/block`, admin.token);
  expect(blocked.statusCode, blocked.body).toBe(200);

  Object.assign(tokens, {
    blocked: c.token,
    other: b.token,
    user: a.token,
    owner: admin.token,
    cashier: cashier.token,
    support: support.token,
    unenrolled: unenrolled.token,
  });

  const doc = (await get(ctx.app, '/api/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
  // Logging out ends the caller's session, "end all others" A's second one: both go last in
  // each role's pass (logout after it).
  const last = (path: string) => (path.endsWith('/logout') ? 2 : path.endsWith('/end_others') ? 1 : 0);
  routes.sort((x, y) => last(x.path) - last(y.path));
});

/** The concrete URL: user A's objects where the route takes one, a missing id elsewhere. */
function urlFor(method: string, path: string): string {
  const id = (() => {
    if (/^\/api\/(admin\/)?bills\//.test(path)) return ids.bill;
    if (/^\/api\/(admin\/)?withdraw\//.test(path)) return ids.withdrawal;
    if (path.startsWith('/api/transactions/')) return ids.transaction;
    if (/^\/api\/(admin\/)?user_ids\//.test(path)) return ids.userId;
    if (/^\/api\/(admin\/)?requests\//.test(path)) return ids.request;
    if (path.startsWith('/api/admin/users/')) return ids.victim;
    if (path.startsWith('/api/ids/')) return ids.item;
    if (path.startsWith('/api/user/sessions/')) return ids.session;
    // Never delete or edit the catalogue item the other rows need.
    if (path.startsWith('/api/admin/ids/') && method === 'GET') return ids.item;
    return MISSING;
  })();
  return path
    .replace('{type}', 'bill')
    .replace('{id}', id)
    .replace('{key}', path.includes('/proofs/') ? ids.proofKey : 'missing.png');
}

async function call(method: string, path: string, url: string, token?: string): Promise<ApiResponse> {
  const body = BODIES[`${method} ${path}`];
  if (body?.form) return postForm(ctx.app, url, body.form, [], token);
  const options: InjectOptions = {
    method: method as InjectOptions['method'],
    url,
    headers: {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(method === 'POST' ? { payload: JSON.stringify(body?.json ?? {}) } : {}),
  };
  return ctx.app.inject(options) as Promise<ApiResponse>;
}

/** What docs/product.md#who-may-do-what gives each role; null = allowed (the guard passed: 2xx or a 4xx other than 401/403). */
function expected(access: Access, role: Role, key: string): 401 | 403 | 404 | null {
  if (access === 'public') return null;
  if (role === 'guest' || role === 'blocked') return 401;
  if (access === 'admin') {
    const permission = ADMIN_CALL_PERMISSIONS[key];
    const staffRole = STAFF_ROLES.find((r) => r === role);
    return staffRole && permission && roleCan(staffRole, permission) ? null : 403;
  }
  if (access === 'owned' && role === 'other') return 404;
  return null;
}

describe('permission matrix (who may do what)', () => {
  it('every /api route has a row, and every row is a route', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(keys.filter((k) => !(k in MATRIX)), 'routes without a matrix row').toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !keys.includes(k)), 'rows without a route').toEqual([]);
  });

  it('every admin call has a staff permission, and every permission row is an admin call', () => {
    const adminKeys = Object.entries(MATRIX)
      .filter(([, access]) => access === 'admin')
      .map(([key]) => key)
      .sort();
    expect(Object.keys(ADMIN_CALL_PERMISSIONS).sort()).toEqual(adminKeys);
  });

  it('every route × guest, blocked, other user, user, owner, cashier, support, unenrolled staff answers as §4 says', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const role of ROLES) {
      for (const { method, path } of routes) {
        const access = MATRIX[`${method} ${path}`];
        if (!access) continue;
        const url = urlFor(method, path);
        const res = await call(method, path, url, tokens[role]);
        checked += 1;
        const want = expected(access, role, `${method} ${path}`);
        const got = res.statusCode;
        const ok =
          got < 500 &&
          (want === null ? got !== 401 && got !== 403 : got === want) &&
          // Staff without a second factor are told to enrol, whatever their role.
          !(access === 'admin' && role === 'unenrolled' && res.json().code !== 'SECOND_FACTOR_REQUIRED') &&
          // A's own objects are never hidden from A.
          !(access === 'owned' && role === 'user' && got === 404) &&
          // An answer behind a session is never stored (issue 51 finding 7), its errors neither.
          !(access !== 'public' && res.headers['cache-control'] !== 'no-store');
        if (!ok) failures.push(`${role} ${method} ${url} [${access}] → ${got} (cache-control ${String(res.headers['cache-control'])}), want ${want ?? 'allowed'}: ${res.body.slice(0, 120)}`);
      }
    }
    console.info(`permission matrix: ${routes.length} calls × ${ROLES.length} roles = ${checked} checks`);
    expect(failures).toEqual([]);
    expect(checked).toBe(routes.length * ROLES.length);
    // 872 calls in one test: about 26 s on a loaded 2-core host, so the 30 s default is too tight.
  }, 180_000);

  it('issue 51 finding 5: block and unblock × owner, cashier, support × a customer, a disabled staff member', async () => {
    // Fresh staff: the matrix above signed every role's session out.
    const staffTokens: Record<StaffRole, string> = { owner: '', cashier: '', support: '' };
    for (const role of STAFF_ROLES) staffTokens[role] = (await createStaffMember(ctx, role, { secondFactor: true })).token;
    const customerTarget = await customer(ctx);
    const staffTarget = await createStaffMember(ctx, 'cashier', { secondFactor: true });
    const disabled = await post(ctx.app, `/api/admin/staff/${staffTarget.id}/disable`, undefined, staffTokens.owner);
    expect(disabled.statusCode, disabled.body).toBe(200);
    const failures: string[] = [];
    for (const role of STAFF_ROLES) {
      for (const [target, id] of [['customer', customerTarget.id], ['staff', staffTarget.id]] as const) {
        for (const action of ['block', 'unblock'] as const) {
          const res = await get(ctx.app, `/api/admin/users/${id}/${action}`, staffTokens[role]);
          // Cashiers may not block anyone; nobody changes a staff account here (only /admin/staff).
          const want = role === 'cashier' ? 403 : target === 'staff' ? 409 : 200;
          const code = want === 409 ? 'STAFF_ACCOUNT' : undefined;
          if (res.statusCode !== want || (code && res.json().code !== code)) {
            failures.push(`${role} ${action} ${target} → ${res.statusCode} ${res.body.slice(0, 120)}, want ${want}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The disabled cashier is still disabled: the password does not sign in.
    const signIn = await post(ctx.app, '/api/auth/login', { login: staffTarget.email, password: staffTarget.password });
    expect(signIn.statusCode).toBe(422);
  });
});
