#!/usr/bin/env node
// The docs stand alone (issue 52 item 5). Run by `npm run lint` (so by .ci/run). Fails when
//   - a file of the repository cites a document that is not in it: the product specification
//     and design notes that once sat beside the checkout (docs/product.md holds their rules now),
//   - a link or citation `<doc>.md#anchor` names a heading that the doc does not have, so
//     `docs/product.md#money-rules` in a comment keeps pointing somewhere when a heading moves.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// Written so that this file does not match itself.
const OUTSIDE = /\b(?:SPEC|DESIGN|STYLE)\.md\b|\b(?:SPEC|DESIGN) §|\.\.\/shared\//;
const ANCHOR = /([\w.-]+\.md)#([\w-]+)/g;
const SKIP = /(^|\/)(node_modules|dist|\.tmp|data)\/|package-lock\.json$|\.(png|jpe?g|webp|gif|ico|woff2?|svg)$/;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && !SKIP.test(f) && existsSync(join(ROOT, f)));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) =>
  heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchors = new Map();
/** The anchors of a Markdown file of the repository, by its file name (docs/ first, then the root). */
function anchorsOf(name) {
  if (!anchors.has(name)) {
    const path = [join('docs', name), name].find((p) => files.includes(p));
    let set = null;
    if (path) {
      set = new Set();
      const seen = new Map();
      let fence = false;
      for (const line of readFileSync(join(ROOT, path), 'utf8').split('\n')) {
        if (line.startsWith('```')) fence = !fence;
        const heading = !fence && /^#{1,6}\s+(.*)$/.exec(line);
        if (!heading) continue;
        const base = slug(heading[1]);
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        set.add(n ? `${base}-${n}` : base);
      }
    }
    anchors.set(name, set);
  }
  return anchors.get(name);
}

const problems = [];
for (const file of files) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (text.includes('\0')) continue;
  text.split('\n').forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    if (OUTSIDE.test(line)) {
      problems.push(`${where}: cites a document outside the repository; cite docs/product.md instead`);
    }
    for (const [, name, anchor] of line.matchAll(ANCHOR)) {
      const known = anchorsOf(basename(name));
      if (known && !known.has(anchor)) problems.push(`${where}: ${name} has no heading #${anchor}`);
    }
  });
}

if (problems.length) {
  console.error(`docs-check: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`docs-check: ${files.length} files, no outside citation, every cited heading exists`);
