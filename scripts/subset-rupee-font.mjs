#!/usr/bin/env node
// Writes apps/web/src/assets/fonts/inter-rupee-wght.woff2: the rupee sign (U+20B9) alone, cut
// from Inter's latin-ext subset (@fontsource-variable/inter, OFL-1.1) with its weight axis
// kept. Every price shows ₹, and without this face a first page downloads the whole 86 KB
// latin-ext file for that one glyph. Run it again after upgrading the font package.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const source =
  require.resolve('@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2');
const out = new URL('../apps/web/src/assets/fonts/inter-rupee-wght.woff2', import.meta.url);
const font = await subsetFont(readFileSync(source), '₹', { targetFormat: 'woff2' });
writeFileSync(out, font);
process.stdout.write(`wrote ${out.pathname} (${font.length} bytes)\n`);
