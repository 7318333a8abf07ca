// Temporary (not committed): docs/operations.md steps 3-4 in Chromium, and the restore's check.
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
const STATE = '/tmp/ops-follow/state.json';
const ADMIN = { email: 'owner@example.com', password: 'bootstrap-pass-123' };
const CUSTOMER = { name: 'Follow Customer', email: 'follow@example.com', phone: '9876501234', password: 'follow-customer-pw', password_confirmation: 'follow-customer-pw' };
const api = async (base, path, body, token, extra = {}) => {
  const res = await fetch(`${base}/api${path}`, { method: 'POST', headers: { accept: 'application/json', ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra }, body: body instanceof FormData ? body : JSON.stringify(body ?? {}) });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
};
const adminToken = async (base, recovery) => {
  const step = await api(base, '/auth/login', { login: ADMIN.email, password: ADMIN.password });
  return (await api(base, '/auth/second_factor', { challenge: step.challenge, code: recovery })).api_token;
};

if (process.argv[2] === '--check') {
  const base = process.argv[3];
  const state = JSON.parse(readFileSync(STATE, 'utf8'));
  const c = await api(base, '/auth/login', { login: CUSTOMER.email, password: CUSTOMER.password });
  const passport = await api(base, '/user/passport', {}, c.api_token);
  const token = await adminToken(base, state.recovery[2]);
  const file = await fetch(`${base}${state.proofUrl}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await file.arrayBuffer());
  console.log(`restored: customer balance ${passport.balance} (was ${state.balance}); screenshot ${file.status}, ${bytes.length} bytes, same: ${bytes.toString('base64') === state.proof}`);
  process.exit(passport.balance === state.balance && file.status === 200 && bytes.toString('base64') === state.proof ? 0 : 1);
}

const base = 'http://127.0.0.1:3350';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await (await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } })).newPage();
await page.goto('/login');
await page.getByLabel('Email or phone').fill(ADMIN.email);
await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
await page.getByRole('button', { name: 'Log in' }).click();
await page.waitForURL(/\/second_factor$/);
console.log('after sign-in:', new URL(page.url()).pathname, '—', await page.getByRole('heading', { level: 1 }).first().textContent());
const setup = page.waitForResponse((r) => r.url().endsWith('/api/second_factor/setup'));
await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
const { data: { secret } } = await (await setup).json();
const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
await page.getByLabel('Code from the app').fill(totp.generate());
const enabled = page.waitForResponse((r) => r.url().endsWith('/api/second_factor/enable'));
await page.getByRole('button', { name: 'Turn on' }).click();
const { data: { recovery_codes: recovery } } = await (await enabled).json();
await page.getByText('Your recovery codes').waitFor();
await page.screenshot({ path: '/tmp/ops-follow/recovery-codes.png', fullPage: true });
console.log(`second factor on; ${recovery.length} recovery codes shown`);
await page.getByRole('link', { name: 'I have saved them' }).click();
// Sign out and in again: the code is asked for (a recovery code here: the TOTP step just used is spent).
await page.evaluate(() => localStorage.clear());
await page.goto('/login');
await page.getByLabel('Email or phone').fill(ADMIN.email);
await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
await page.getByRole('button', { name: 'Log in' }).click();
await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
await page.getByLabel('Code').fill(recovery[0]);
await page.getByRole('button', { name: 'Verify' }).click();
await page.waitForURL(/\/admin/);
console.log('signed in again with a code:', new URL(page.url()).pathname);
await browser.close();

// Money and a screenshot in the deployment, for the backup that follows.
const token = await adminToken(base, recovery[1]);
const form = new FormData();
for (const [k, v] of Object.entries({ name: 'Follow UPI', kind: 'upi', upi_id: 'desk@okbank', is_active: 'true' })) form.append(k, v);
const pt = await api(base, '/admin/payment_types/create', form, token);
const customer = await api(base, '/auth/register', CUSTOMER);
const png = await sharp({ create: { width: 360, height: 640, channels: 3, background: '#336699' } }).png().toBuffer();
const bill = new FormData();
bill.append('amount', '750.00'); bill.append('payment_type_id', String(pt.id)); bill.append('reference', 'UTRFOLLOW1');
bill.append('proof', new Blob([png], { type: 'image/png' }), 'proof.png');
const b = await api(base, '/add_funds', bill, customer.api_token);
await api(base, `/admin/bills/${b.id}/approve`, {}, token);
const seen = await fetch(`${base}/api/admin/bills/${b.id}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
const proofUrl = seen.data.proof_url;
const proof = Buffer.from(await (await fetch(`${base}${proofUrl}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
const { balance } = await api(base, '/user/passport', {}, customer.api_token);
writeFileSync(STATE, JSON.stringify({ recovery, proofUrl, proof: proof.toString('base64'), balance }));
console.log(`customer topped up and approved: balance ${balance}; screenshot ${proofUrl}`);
