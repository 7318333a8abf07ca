import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env';

export type TestUser = { name: string; email: string; phone: string; password: string };

let seq = 0;
/** A unique user per call; phone digits from the clock keep parallel runs apart. */
/**
 * A payment reference (UTR) no other test has used: a UTR already approved on another payment
 * is refused (issue 16), and the suite shares one server.
 */
export function newReference(): string {
  seq += 1;
  return `UTR${`${Date.now()}`.slice(-8)}${`${seq}`.padStart(3, '0')}`;
}

export function newUser(prefix = 'user'): TestUser {
  seq += 1;
  const stamp = `${Date.now()}`.slice(-7) + `${seq}`.padStart(2, '0');
  return {
    name: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} Tester`,
    email: `${prefix}.${stamp}@e2e.test`,
    phone: `+9198${stamp}`,
    password: 'correct-horse-42',
  };
}

/** Creates a user through the real API; returns its token. */
export async function registerViaApi(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post('/api/auth/register', {
    data: { ...user, password_confirmation: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { data: { api_token: string } };
  return body.data.api_token;
}

export async function loginViaUi(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/email or phone/i).fill(login);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
}

/** A new customer registered through the API: their details and token. */
export async function registeredUser(request: APIRequestContext, prefix?: string) {
  const user = newUser(prefix);
  return { ...user, token: await registerViaApi(request, user) };
}

/** A new customer registered through the API, then signed in on `page` through the login form. */
export async function signedInUser(page: Page, request: APIRequestContext, prefix?: string, login: 'email' | 'phone' = 'email') {
  const user = await registeredUser(request, prefix);
  await loginViaUi(page, user[login], user.password);
  await expect(page).toHaveURL(/\/create_id$/);
  return user;
}

export const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

/** The admin signed in on a page of its own browser context, beside the customer's. */
export async function staffPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginViaUi(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return { page, close: () => context.close() };
}

/** Every page fails its test on an unexpected console.error or uncaught exception. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      // A 4xx the test provokes on purpose shows up as a failed resource load; those are expected.
      const unexpected = errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
