import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** The languages of the contract's catalogues, English (the page's default) first. */
const LOCALES = ['en', 'hi'] as const;

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The service worker's offline page (`offline.html`, decision 018) in every language: one
 * `<main lang>` per language, its words from the catalogues (the `offline` namespace, which no app page loads), English shown
 * until `offline.js` picks the language the site was last read in. Self-contained: no app
 * script, no font, nothing that needs the network.
 */
export function offlinePage(): Plugin {
  return {
    name: 'iddesk-offline-page',
    apply: 'build',
    generateBundle(_options, bundle) {
      // Hindi's letters from the app's own Devanagari font, which a reader of Hindi has loaded
      // (the worker keeps /assets/ files): a phone without a Devanagari system font still reads it.
      const devanagari = Object.keys(bundle).find((name) => /noto-sans-devanagari-devanagari-wght-normal-[\w-]+\.woff2$/.test(name));
      if (!devanagari) throw new Error('offline page: no Devanagari font in the bundle');
      const fontFace = [
        '      @font-face {',
        "        font-family: 'Noto Sans Devanagari Variable';",
        '        font-weight: 100 900;',
        '        font-display: swap;',
        `        src: url(/${devanagari}) format('woff2-variations');`,
        '        unicode-range: U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+25CC, U+A830-A839, U+A8E0-A8FF;',
        '      }',
      ].join('\n');
      const words = (locale: string) => {
        const messages = JSON.parse(read(`../../packages/contract/src/i18n/${locale}/offline.json`)) as Record<string, string>;
        const say = (key: string) => {
          const text = messages[key];
          if (text === undefined) throw new Error(`offline page: no offline.${key} in ${locale}`);
          return escapeHtml(text);
        };
        return { pageTitle: say('pageTitle'), title: say('title'), text: say('text'), retry: say('retry') };
      };
      const pages = LOCALES.map((locale, index) => {
        const w = words(locale);
        return [
          `    <main lang="${locale}" data-title="${w.pageTitle}"${index === 0 ? '' : ' hidden'}>`,
          '      <img src="/favicon.svg" alt="" />',
          `      <h1>${w.title}</h1>`,
          `      <p>${w.text}</p>`,
          `      <a href="">${w.retry}</a>`,
          '    </main>',
        ].join('\n');
      }).join('\n');
      const html = read('./offline/offline.html')
        .replace('{{pageTitle}}', words(LOCALES[0]).pageTitle)
        .replace('/*fonts*/', fontFace)
        .replace('<!--pages-->', pages);
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: html });
      this.emitFile({ type: 'asset', fileName: 'offline.js', source: read('./offline/offline.js') });
    },
  };
}
