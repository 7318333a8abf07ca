import { RegisterBodySchema } from '@iddesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { setupI18n } from '@lingui/core';
import { activateLocale, chooseLocale, currentLocale, initialLocale, LOCALE_STORAGE_KEY, translateMessage } from './i18n';
import { formatEnglish } from './i18n-english';
import { common } from './i18n-common';
import { pageRange } from './pagination';

afterEach(async () => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  await activateLocale('en');
});

describe('the page language (issue 18)', () => {
  it('a first visit follows the browser; a stored choice wins after that', () => {
    vi.stubGlobal('navigator', { languages: ['hi-IN', 'en-GB'], language: 'hi-IN' });
    expect(initialLocale()).toBe('hi');
    vi.stubGlobal('navigator', { languages: ['fr-FR', 'de'], language: 'fr-FR' });
    expect(initialLocale()).toBe('en');
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'hi');
    expect(initialLocale()).toBe('hi');
  });

  it('Hindi loads when chosen: messages, <html lang> and the stored choice follow', async () => {
    expect(common.t('nav.home')).toBe('Home');
    await chooseLocale('hi');
    expect(currentLocale()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('hi');
    expect(common.t('nav.home')).toBe('होम');
    // Plurals and interpolation by Hindi's rules; digits stay Latin.
    expect(pageRange(2, 15, 42)).toBe('42 में से 16–30');
    await chooseLocale('en');
    expect(common.t('nav.home')).toBe('Home');
    expect(pageRange(2, 15, 42)).toBe('16–30 of 42');
  });

  it('a key Hindi lacks falls back to its English message', async () => {
    await activateLocale('hi');
    expect(translateMessage('common.not-translated', ['Only in English'])).toBe('Only in English');
  });

  it("the contract's zod messages follow the page's language", async () => {
    const input = { name: 'A', email: 'a@example.com', phone: '+919812345678', password: 'long enough', password_confirmation: 'long enough' };
    const english = RegisterBodySchema.safeParse(input);
    expect(english.error?.issues[0]?.message).toBe('The name must be at least 2 characters.');
    await activateLocale('hi');
    const hindi = RegisterBodySchema.safeParse(input);
    expect(hindi.error?.issues[0]?.message).toBe('नाम कम से कम 2 अक्षरों का होना चाहिए।');
  });

  it('every API call asks for the page language (Accept-Language)', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: null, data: null })));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/marque', { method: 'GET' });
    await activateLocale('hi');
    await apiRequest('/marque', { method: 'GET' });
    const headers = fetchMock.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].headers);
    expect(headers).toMatchObject([{ 'Accept-Language': 'en' }, { 'Accept-Language': 'hi' }]);
  });

  it('English, formatted without Lingui, reads exactly as Lingui formats it, for every message', () => {
    const lingui = setupI18n({ locale: 'en', messages: { en: {} } });
    const catalogues = import.meta.glob<Record<string, unknown>>(
      '../../../../packages/contract/src/i18n/en/*.json',
      { eager: true, import: 'default' },
    );
    let compared = 0;
    for (const [file, messages] of Object.entries(catalogues)) {
      for (const [key, compiled] of Object.entries(messages)) {
        for (const values of sampleValues(compiled)) {
          const id = `${file}:${key}`;
          expect(formatEnglish(compiled, values), id).toBe(lingui._({ id, message: compiled as string, values }));
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(400);
  });
});

/** Values for a compiled message: each plural count in turn, each select case in turn. */
function sampleValues(compiled: unknown): Record<string, string | number>[] {
  const plain: Record<string, string> = {};
  const choices: [string, (string | number)[]][] = [];
  const walk = (node: unknown) => {
    if (!Array.isArray(node)) return;
    for (const token of node) {
      if (!Array.isArray(token)) continue;
      const [name, type, cases] = token as [string, string?, Record<string, unknown>?];
      if (type === 'plural') choices.push([name, [0, 1, 2, 7]]);
      else if (type === 'select') choices.push([name, [...Object.keys(cases ?? {}), 'something else']]);
      else plain[name] = `«${name}»`;
      for (const branch of Object.values(cases ?? {})) walk(branch);
    }
  };
  walk(compiled);
  const samples = [{ ...plain } as Record<string, string | number>];
  for (const [name, options] of choices) {
    for (const option of options) samples.push({ ...plain, [name]: option });
  }
  return samples;
}
