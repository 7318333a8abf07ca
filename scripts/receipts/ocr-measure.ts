// `npm run ocr:measure`: the screenshot reading (issue 54 item 5, lib/ocr.ts and
// lib/screenshot-text.ts) on the generated receipt set (receipts.ts): each receipt is re-encoded
// as the server stores a proof (the image thread), then read as the server reads a bill's
// screenshot; the reference must equal the receipt's exactly, the amount to the paisa. Prints
// the rates per layout and font and the CPU per screenshot of the reading (this process's CPU:
// Tesseract's thread is in it). Options: --seed N, --count N (receipts.ts SET).
import { parseArgs } from 'node:util';
import { processImage } from '../../apps/server/src/lib/images';
import { screenshotReader } from '../../apps/server/src/lib/ocr';
import { receiptsOf, renderReceipt, SET } from './receipts';

const { values: args } = parseArgs({
  options: { seed: { type: 'string', default: String(SET.seed) }, count: { type: 'string', default: String(SET.count) } },
});

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

const receipts = receiptsOf(Number(args.seed), Number(args.count));
type Tally = { n: number; reference: number; amount: number };
const groups = new Map<string, Tally>();
const all: Tally = { n: 0, reference: 0, amount: 0 };
const misses: string[] = [];
let seconds = 0;
// The model is loaded once per process, before the first measured reading.
await screenshotReader.read(await renderReceipt(receiptsOf(1, 1)[0]!));
for (const receipt of receipts) {
  const stored = await processImage(await renderReceipt(receipt), 'private');
  const before = cpu();
  const reading = await screenshotReader.read(stored.data!);
  seconds += cpu() - before;
  const key = `${receipt.layout}, ${receipt.font}`;
  const tally = groups.get(key) ?? { n: 0, reference: 0, amount: 0 };
  groups.set(key, tally);
  const referenceRight = reading.reference === receipt.reference;
  const amountRight = reading.amount === BigInt(receipt.amountPaise);
  for (const t of [tally, all]) {
    t.n += 1;
    if (referenceRight) t.reference += 1;
    if (amountRight) t.amount += 1;
  }
  if (!referenceRight || !amountRight) {
    misses.push(`${receipt.id} ${key} ${receipt.width}×${receipt.height}: ${receipt.amountText} ${receipt.reference} read as ${reading.amount ?? '-'} ${reading.reference ?? '-'}`);
  }
}
await screenshotReader.stop();

const percent = (k: number, n: number) => `${k} of ${n} (${((100 * k) / n).toFixed(1)} %)`;
console.log(`Receipt set: seed ${args.seed}, ${receipts.length} receipts.\n`);
console.log('| layout, font | receipts | reference exact | amount exact |\n| --- | --- | --- | --- |');
for (const [key, t] of [...groups].sort()) console.log(`| ${key} | ${t.n} | ${t.reference} | ${t.amount} |`);
console.log(`| **all** | ${all.n} | **${percent(all.reference, all.n)}** | **${percent(all.amount, all.n)}** |\n`);
console.log(`CPU per screenshot read: ${((1000 * seconds) / receipts.length).toFixed(0)} ms (this process, Tesseract's thread included).`);
if (misses.length > 0) console.log(`missed:\n${misses.join('\n')}`);
