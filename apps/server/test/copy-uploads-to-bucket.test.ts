import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { useS3Server } from './helpers/s3-server';

const run = promisify(execFile);
const serverDir = resolve(import.meta.dirname, '..');
const CLI = join(serverDir, 'src/cli/copy-uploads-to-bucket.ts');

const s3 = useS3Server();

/** The command exactly as `npm run storage:copy-to-bucket` runs it, with this environment. */
async function copyCommand(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function dataDirWith(files: Record<string, Buffer>): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'iddesk-copy-'));
  for (const [key, data] of Object.entries(files)) {
    const path = join(dataDir, 'uploads', key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
  }
  return dataDir;
}

const name = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;

describe('npm run storage:copy-to-bucket', () => {
  it('copies every upload under the same key, once, and says what it did', async () => {
    const files = {
      [`proofs/${name('jpg')}`]: randomBytes(3000),
      [`proofs/${name('webp')}`]: randomBytes(10),
      [`public/${name('webp')}`]: randomBytes(70_000),
    };
    const stray = `proofs/${name('webp')}.1a2b3c4d.part`;
    const dataDir = dataDirWith({ ...files, [stray]: randomBytes(5) });
    const { bucket, env } = await s3.newBucket();

    const first = await copyCommand({ DATA_DIR: dataDir, ...env });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Copied 3, already in the bucket 0, not uploads 1, failed 0.');
    expect(first.stdout).toContain(`not an upload, left alone: ${stray}`);
    expect(await s3.keys(bucket)).toEqual(Object.keys(files).sort());
    for (const [key, data] of Object.entries(files)) {
      const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      expect(Buffer.from(await object.Body!.transformToByteArray()).equals(data), key).toBe(true);
    }

    const again = await copyCommand({ DATA_DIR: dataDir, ...env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Copied 0, already in the bucket 3, not uploads 1, failed 0.');
  });

  it('writes again an object that is there with another size (a copy cut short)', async () => {
    const key = `proofs/${name('jpg')}`;
    const data = randomBytes(5000);
    const dataDir = dataDirWith({ [key]: data });
    const { bucket, env } = await s3.newBucket();
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data.subarray(0, 100) }));

    const res = await copyCommand({ DATA_DIR: dataDir, ...env });
    expect(res.stdout).toContain('Copied 1, already in the bucket 0');
    const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(data)).toBe(true);
  });

  it('refuses plainly without a bucket, without an uploads folder, or with a bucket it cannot reach', async () => {
    const dataDir = dataDirWith({ [`proofs/${name('jpg')}`]: randomBytes(10) });

    const noBucket = await copyCommand({ DATA_DIR: dataDir });
    expect(noBucket.code).toBe(1);
    expect(noBucket.stderr).toContain('S3_BUCKET is not set');

    const noFolder = await copyCommand({ DATA_DIR: join(dataDir, 'elsewhere'), ...s3.env });
    expect(noFolder.code).toBe(1);
    expect(noFolder.stderr).toContain('There is no uploads folder at');

    const missing = await copyCommand({ DATA_DIR: dataDir, ...s3.env, S3_BUCKET: 'not-made-yet' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/The S3 bucket "not-made-yet" .* cannot be reached: HTTP 404/);
  });
});
