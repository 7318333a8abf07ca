// Screenshots of pages at 390×844 and 1280×800, plus an axe summary, for looking at what we built.
// Usage: node e2e/screenshots.mjs --base http://127.0.0.1:3000 [--login email:password] [--out dir]
//        [--menu] [--dark] [--lang hi] [--sizes 390x844,360x780] /path1 /path2 ...
// --dark: the system's dark mode. --lang sets the visitor's stored language (and, with --login,
// the account's) before each page. --sizes replaces the two default viewports.
import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  if (i === -1) return def;
  const [v] = args.splice(i, 2).slice(1);
  return v;
};
const flag = (name) => {
  const i = args.indexOf(name);
  if (i === -1) return false;
  args.splice(i, 1);
  return true;
};
const base = opt('--base', 'http://127.0.0.1:3000');
const login = opt('--login', '');
const out = opt('--out', '.tmp/shots');
const openMenu = flag('--menu');
const dark = flag('--dark');
const lang = opt('--lang', '');
const sizes = opt('--sizes', '390x844,1280x800').split(',').map((s) => s.split('x').map(Number));
const paths = args.length ? args : ['/'];
const exe = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
if (!exe) throw new Error('No Chromium: apt-get install -y chromium or set CHROMIUM_PATH');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: exe,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
let token = null;
if (login) {
  const [email, ...rest] = login.split(':');
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ login: email, password: rest.join(':') }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`login failed: ${JSON.stringify(body)}`);
  token = body.data;
  if (lang) {
    // The account's language wins once signed in (issue 18): set it too.
    const set = await fetch(`${base}/api/user/locale`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token.api_token}` },
      body: JSON.stringify({ locale: lang }),
    });
    if (!set.ok) throw new Error(`setting the language failed: ${await set.text()}`);
  }
}
for (const [w, h] of sizes) {
  const ctx = await browser.newContext({
    viewport: { width: w, height: h },
    deviceScaleFactor: 1,
    colorScheme: dark ? 'dark' : 'light',
  });
  if (token) {
    await ctx.addInitScript(([t, a]) => {
      localStorage.setItem('api_token', t);
      localStorage.setItem('is_admin', a);
    }, [token.api_token, String(token.type === 'admin')]);
  }
  if (lang) await ctx.addInitScript((l) => localStorage.setItem('locale', l), lang);
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`  console.error on ${page.url()}: ${m.text()}`));
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(700);
    if (openMenu) {
      await page.getByRole('button', { name: /open menu/i }).first().click().catch(() => {});
      await page.waitForTimeout(400);
    }
    const name = `${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}${openMenu ? '-menu' : ''}${dark ? '-dark' : ''}${lang ? `-${lang}` : ''}-${w}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: true });
    const axe = await new AxeBuilder({ page }).analyze();
    const bad = axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''));
    console.log(`${out}/${name}  axe serious/critical: ${bad.length}${bad.length ? ' ' + bad.map((v) => v.id).join(',') : ''}`);
  }
  await ctx.close();
}
await browser.close();
