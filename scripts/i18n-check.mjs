#!/usr/bin/env node
// Issue 18: the catalogues agree. Run by `npm run lint` (so by .ci/run). Fails when
//   - a namespace or a key is in one language and not the other,
//   - a message is not valid ICU MessageFormat, or its two languages use different
//     variables, or a plural or select lacks its `other` case,
//   - a Hindi message is still the English text (prose copied, not translated),
//   - a namespace is missing from the types (keys.ts) or, for the server's, from catalogues.ts.
// ESLint keeps the code to the catalogues (eslint.config.js: no literal text in the web's JSX,
// no English message in the server's answers or the contract's schemas).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

const DIR = new URL('../packages/contract/src/i18n/', import.meta.url).pathname;
const SOURCE = 'en';
const LOCALES = ['en', 'hi'];

const problems = [];
const problem = (text) => problems.push(text);

const namespaces = (locale) =>
  readdirSync(join(DIR, locale))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
const read = (locale, ns) => JSON.parse(readFileSync(join(DIR, locale, `${ns}.json`), 'utf8'));

/** The variables a compiled message uses, and whether every plural/select has `other`. */
function inspect(compiled, into = { vars: new Set(), missingOther: false }) {
  if (typeof compiled === 'string') return into;
  for (const token of compiled) {
    if (typeof token === 'string') continue;
    const [name, format, options] = token;
    if (name !== undefined) into.vars.add(name);
    if ((format === 'plural' || format === 'select' || format === 'selectordinal') && options) {
      if (!('other' in options)) into.missingOther = true;
      for (const [key, branch] of Object.entries(options)) {
        if (key !== 'offset') inspect(branch, into);
      }
    }
  }
  return into;
}

/** Names that stay as they are in every language (brands, and the app's own terms). */
const NAMES = /\b(ID Desk|WhatsApp|Telegram|YouTube|Vimeo|Google|Microsoft|Authenticator|1Password|UPI|UTR|IDs?|IP|QR|JSON|URL)\b/g;
/** English words: a word of three letters or more, names and placeholders aside. */
const isProse = (text) =>
  /\b[A-Za-z][a-z]{2,}\b/.test(text.replace(/\{[^{}]*\}/g, ' ').replace(NAMES, ' '));

const all = new Set(LOCALES.flatMap(namespaces));
const keysFile = readFileSync(join(DIR, 'keys.ts'), 'utf8');
const cataloguesFile = readFileSync(join(DIR, 'catalogues.ts'), 'utf8');
let messages = 0;

for (const ns of [...all].sort()) {
  const present = LOCALES.filter((l) => namespaces(l).includes(ns));
  if (present.length !== LOCALES.length) {
    problem(`${ns}: only in ${present.join(', ')}; every namespace needs a file in ${LOCALES.join(' and ')}`);
    continue;
  }
  if (!keysFile.includes(`from './en/${ns}.json'`)) {
    problem(`${ns}: not in packages/contract/src/i18n/keys.ts (its keys would not be typed)`);
  }
  const catalogues = Object.fromEntries(LOCALES.map((l) => [l, read(l, ns)]));
  const keys = new Set(LOCALES.flatMap((l) => Object.keys(catalogues[l])));
  for (const key of [...keys].sort()) {
    const id = `${ns}.${key}`;
    const found = {};
    for (const locale of LOCALES) {
      const text = catalogues[locale][key];
      if (typeof text !== 'string' || text.trim() === '') {
        problem(`${id}: missing in ${locale}`);
        continue;
      }
      try {
        found[locale] = inspect(compileMessageOrThrow(text));
        messages += 1;
      } catch (error) {
        problem(`${id} (${locale}): not valid ICU MessageFormat: ${error.message}`);
        continue;
      }
      if (found[locale].missingOther) problem(`${id} (${locale}): a plural or select without \`other\``);
    }
    const source = found[SOURCE];
    for (const locale of LOCALES) {
      if (locale === SOURCE || !source || !found[locale]) continue;
      const a = [...source.vars].sort().join(', ');
      const b = [...found[locale].vars].sort().join(', ');
      if (a !== b) problem(`${id}: ${SOURCE} uses {${a}}, ${locale} uses {${b}}`);
      const text = catalogues[locale][key];
      if (text === catalogues[SOURCE][key] && isProse(text)) {
        problem(`${id}: the ${locale} message is the English text; translate it`);
      }
    }
  }
}
for (const ns of ['api', 'mail', 'notices', 'validation']) {
  if (!cataloguesFile.includes(`'./en/${ns}.json'`) || !cataloguesFile.includes(`'./hi/${ns}.json'`)) {
    problem(`${ns}: the server's catalogues (catalogues.ts) do not import both languages`);
  }
}

if (problems.length > 0) {
  console.error(`i18n: ${problems.length} problem(s) in packages/contract/src/i18n:`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exitCode = 1;
} else {
  console.log(`i18n: ${all.size} namespaces, ${messages} messages in ${LOCALES.join(' and ')}, all agree.`);
}
