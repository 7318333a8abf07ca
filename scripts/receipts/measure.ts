// `npm run lookalike:measure`: the look-alike detector (issue 51 item 3, docs/security.md) on the
// receipt set (receipts.ts): every receipt is uploaded in turn as the server stores a proof
// (the image thread, the search among the proofs stored before it, the judgement, the
// fingerprint row) into a fresh database; a receipt that names an earlier one is a false flag.
// Then each transformation of the first receipts is searched and judged against them without
// being stored: caught when it names its receipt, wrong when it names another. Prints the rates
// per transformation and the image thread's CPU per screenshot. Options: --seed N, --count N,
// --transformed N (receipts.ts SET), --database-url URL (PostgreSQL; else PGlite in a temp dir).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openPglite, openPostgres } from '../../apps/server/src/db/client';
import { proofFingerprints } from '../../apps/server/src/db/schema';
import type { Database } from '../../apps/server/src/db/types';
import { processImage } from '../../apps/server/src/lib/images';
import { earlierLookalikes, recordUpload, type StoredImage } from '../../apps/server/src/modules/uploads/service';
import { receiptsOf, renderReceipt, SET, transform, TRANSFORMATIONS, transformedOf } from './receipts';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: String(SET.seed) },
    count: { type: 'string', default: String(SET.count) },
    transformed: { type: 'string', default: String(SET.transformed) },
    'database-url': { type: 'string' },
  },
});

/** CPU seconds of this process (the image thread and libvips' threads are in it). */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

async function proofOf(png: Buffer): Promise<{ proof: StoredImage; seconds: number }> {
  const before = cpu();
  const image = await processImage(png, 'private');
  const seconds = cpu() - before;
  const proof: StoredImage = {
    key: `${randomBytes(16).toString('hex')}.jpg`,
    visibility: 'private',
    contentType: image.contentType,
    byteSize: image.byteSize,
    width: image.width,
    height: image.height,
    lookalike: image.lookalike,
  };
  return { proof, seconds };
}

async function main() {
  const scratch = mkdtempSync(join(tmpdir(), 'iddesk-lookalike-'));
  const database: Database = args['database-url']
    ? await openPostgres(args['database-url'])
    : await openPglite({ dataDir: join(scratch, 'db') });
  const { db } = database;
  try {
    const started = performance.now();
    const receipts = receiptsOf(Number(args.seed), Number(args.count));
    const keyOf = new Map<string, string>();
    const idOf = new Map<string, string>();
    const pictures = new Map<string, Buffer>();
    const flagged: [string, string][] = [];
    let imageSeconds = 0;
    for (const receipt of receipts) {
      const png = await renderReceipt(receipt);
      pictures.set(receipt.id, png);
      const { proof, seconds } = await proofOf(png);
      imageSeconds += seconds;
      keyOf.set(receipt.id, proof.key);
      idOf.set(proof.key, receipt.id);
      await db.transaction((tx) => recordUpload(tx, proof, null));
      const [row] = await db
        .select({ named: proofFingerprints.lookalikeOf })
        .from(proofFingerprints)
        .where(eq(proofFingerprints.uploadKey, proof.key));
      const named = row!.named;
      for (const key of named) flagged.push([receipt.id, idOf.get(key)!]);
    }
    const perScreenshot = (imageSeconds / receipts.length) * 1000;

    const caught = new Map<string, number>(TRANSFORMATIONS.map((how) => [how, 0]));
    const tried = new Map<string, number>(TRANSFORMATIONS.map((how) => [how, 0]));
    const missed: string[] = [];
    const wrong: string[] = [];
    for (const { receipt, how, random } of transformedOf(receipts, Number(args.transformed))) {
      const { proof } = await proofOf(await transform(pictures.get(receipt.id)!, how, random));
      const named = (await db.transaction((tx) => earlierLookalikes(tx, proof.lookalike!))).map((key) => idOf.get(key)!);
      tried.set(how, tried.get(how)! + 1);
      if (named.includes(receipt.id)) caught.set(how, caught.get(how)! + 1);
      else missed.push(`${receipt.id} ${how}`);
      for (const other of named.filter((id) => id !== receipt.id)) wrong.push(`${receipt.id} ${how} → ${other}`);
    }

    const n = receipts.length;
    const flaggedReceipts = new Set(flagged.flat());
    const pairs = (n * (n - 1)) / 2;
    const totalTried = [...tried.values()].reduce((a, b) => a + b, 0);
    const totalCaught = [...caught.values()].reduce((a, b) => a + b, 0);
    const percent = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
    const lines = [
      `Receipt set: seed ${args.seed}, ${n} receipts (${new Set(receipts.map((r) => `${r.layout}/${r.font}/${r.width}x${r.height}`)).size} app × font × screen combinations), ` +
        `${totalTried} transformed copies of the first ${args.transformed}; ${database.driver}.`,
      '',
      `| distinct receipts | flagged |`,
      `| --- | --- |`,
      `| pairs flagged as look-alikes | ${flagged.length} of ${pairs} (${percent(flagged.length, pairs)}) |`,
      `| receipts in a flagged pair | ${flaggedReceipts.size} of ${n} (${percent(flaggedReceipts.size, n)}) |`,
      '',
      `| transformation | caught | named another receipt |`,
      `| --- | --- | --- |`,
      ...TRANSFORMATIONS.map((how) => {
        const wrongHere = wrong.filter((w) => w.split(' ')[1] === how).length;
        return `| ${how} | ${caught.get(how)} of ${tried.get(how)} | ${wrongHere} |`;
      }),
      `| **all** | **${totalCaught} of ${totalTried} (${percent(totalCaught, totalTried)})** | ${wrong.length} |`,
      '',
      `Image thread CPU per screenshot (check, re-encode, fingerprint): ${perScreenshot.toFixed(0)} ms; ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s in all.`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (flagged.length > 0) process.stdout.write(`\nflagged pairs: ${flagged.map(([a, b]) => `${a}~${b}`).join(' ')}\n`);
    if (missed.length > 0) process.stdout.write(`missed: ${missed.join(', ')}\n`);
    if (wrong.length > 0) process.stdout.write(`named another: ${wrong.join(', ')}\n`);
  } finally {
    await database.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
// The image thread holds no work now; nothing else keeps the process.
process.exit(0);
