// `npm run receipts`: write the receipt set (scripts/receipts/receipts.ts) to disk: each
// receipt as the PNG a phone saves, each transformation of the first ones, and manifest.json
// with what every picture shows (layout, font, amount, reference, time, payee, payer) and, for
// a transformed one, which receipt and transformation it is. Options: --out DIR (.tmp/receipts),
// --seed N (2026), --count N (200), --transformed N (50). The same options give the same files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { receiptsOf, renderReceipt, SET, transform, transformedOf } from './receipts';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: '.tmp/receipts' },
    seed: { type: 'string', default: String(SET.seed) },
    count: { type: 'string', default: String(SET.count) },
    transformed: { type: 'string', default: String(SET.transformed) },
  },
});
const out = args.out!;
mkdirSync(out, { recursive: true });
const receipts = receiptsOf(Number(args.seed), Number(args.count));
const pictures = new Map<string, Buffer>();
const manifest: Record<string, unknown>[] = [];
for (const receipt of receipts) {
  const png = await renderReceipt(receipt);
  pictures.set(receipt.id, png);
  writeFileSync(join(out, `${receipt.id}.png`), png);
  manifest.push({ file: `${receipt.id}.png`, ...receipt });
}
for (const { receipt, how, random } of transformedOf(receipts, Number(args.transformed))) {
  const image = await transform(pictures.get(receipt.id)!, how, random);
  const file = `${receipt.id}-${how}.${how === 'jpeg' ? 'jpg' : 'png'}`;
  writeFileSync(join(out, file), image);
  manifest.push({ file, of: receipt.id, transformation: how });
}
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify({ seed: Number(args.seed), receipts: manifest }, null, 2)}\n`);
process.stdout.write(`${manifest.length} pictures and manifest.json in ${out}\n`);
