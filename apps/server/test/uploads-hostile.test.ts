import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bills } from '../src/db/schema';
import { createAdmin, get, registerUser, useTestApp } from './helpers/test-app';
import { createUpiPaymentType, type FilePart, pngChunk, postForm } from './helpers/wallet-fixtures';

let token: string;
let paymentTypeId: number;
const ctx = useTestApp();
beforeAll(async () => {
  const admin = await createAdmin(ctx);
  paymentTypeId = (await createUpiPaymentType(ctx.app, admin.token)).id;
  token = (await registerUser(ctx.app)).token;
});

/** A decompression bomb: a 60 000 × 60 000 RGBA PNG header over one tiny deflated stream. */
function bombPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(60_000, 0);
  ihdr.writeUInt32BE(60_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA: 14.4 GB decoded
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1 << 20), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const SCRIPT = '<html><body><script>alert(document.cookie)</script></body></html>';
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`;

/** Every file in the data dir (uploads land there), so "nothing stored" can be checked. */
function storedFiles(): string[] {
  const root = ctx.config.dataDir;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

async function corpus(): Promise<Array<[string, FilePart]>> {
  const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } }).png().toBuffer();
  const jpegHeader = jpeg.subarray(0, 20); // SOI + APP0 (JFIF), then HTML instead of an image
  return [
    ['polyglot JPEG/HTML', { field: 'proof', data: Buffer.concat([jpegHeader, Buffer.from(SCRIPT)]), filename: 'proof.jpg', type: 'image/jpeg' }],
    ['JPEG header then HTML, sent as text/html', { field: 'proof', data: Buffer.concat([jpegHeader, Buffer.from(SCRIPT)]), filename: 'proof.html', type: 'text/html' }],
    ['SVG with script, named .png', { field: 'proof', data: Buffer.from(SVG), filename: 'proof.png', type: 'image/png' }],
    ['SVG with script, as image/svg+xml', { field: 'proof', data: Buffer.from(SVG), filename: 'proof.svg', type: 'image/svg+xml' }],
    ['decompression-bomb PNG', { field: 'proof', data: bombPng(), filename: 'bomb.png', type: 'image/png' }],
    ['truncated PNG', { field: 'proof', data: png.subarray(0, Math.floor(png.length / 2)), filename: 'half.png', type: 'image/png' }],
    ['truncated JPEG', { field: 'proof', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)), filename: 'half.jpg', type: 'image/jpeg' }],
    ['zero bytes', { field: 'proof', data: Buffer.alloc(0), filename: 'empty.png', type: 'image/png' }],
    ['text sent as image/png', { field: 'proof', data: Buffer.from('just some text, not an image\n'), filename: 'notes.png', type: 'image/png' }],
  ];
}

describe('hostile uploads', () => {
  it('every file of the corpus is refused on add_funds with 422 on proof, and nothing is stored', async () => {
    const files = await corpus();
    const before = storedFiles();
    for (const [name, file] of files) {
      const res = await postForm(
        ctx.app,
        '/api/add_funds',
        { amount: '500.00', payment_type_id: String(paymentTypeId), reference: 'UTR123456789' },
        [file],
        token,
      );
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(res.json().errors?.proof, name).toEqual([expect.any(String)]);
    }
    expect(await ctx.db.select().from(bills)).toEqual([]);
    expect(storedFiles()).toEqual(before);
    console.info(`hostile uploads: ${files.length} files refused`);
  });

  /**
   * Issue 15 finding 5: a true polyglot (a complete, valid image that also carries HTML, a
   * script or a ZIP) decodes as an image, so it is accepted; what is stored is the encoder's
   * output from the decoded pixels, so no byte of the payload survives. docs/security.md §5.
   */
  it('a valid image carrying a payload is accepted and stored re-encoded without it', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } }).png().toBuffer();
    const iend = png.length - 12; // the IEND chunk closes a PNG: 4 length + 4 type + 4 CRC
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from(SCRIPT)]);
    const polyglots: Array<[string, FilePart]> = [
      ['JPEG then HTML after its end marker', { field: 'proof', data: Buffer.concat([jpeg, Buffer.from(SCRIPT)]), filename: 'p.jpg', type: 'image/jpeg' }],
      ['PNG with a script in a tEXt chunk and a ZIP after IEND', {
        field: 'proof',
        data: Buffer.concat([png.subarray(0, iend), pngChunk('tEXt', Buffer.from(`Comment\u0000${SCRIPT}`, 'latin1')), png.subarray(iend), zip]),
        filename: 'p.png',
        type: 'image/png',
      }],
    ];
    for (const [name, file] of polyglots) {
      const res = await postForm(ctx.app, '/api/add_funds', { amount: '5.00', payment_type_id: String(paymentTypeId), reference: 'UTR99' }, [file], token);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const stored = await get(ctx.app, res.json().data.proof_url as string, token);
      expect(stored.statusCode, name).toBe(200);
      expect((await sharp(stored.rawPayload).metadata()).width, name).toBe(32);
      for (const marker of ['<script', '<html', 'alert(', 'PK\u0003\u0004']) {
        expect(stored.rawPayload.includes(Buffer.from(marker, 'latin1')), `${name}: ${marker}`).toBe(false);
      }
    }
  });
});
