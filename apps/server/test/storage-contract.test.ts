import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env';
import { S3Storage } from '../src/lib/s3-storage';
import { DiskStorage, putFileSync, type Storage, StorageUnavailableError } from '../src/lib/storage';
import { useS3Server } from './helpers/s3-server';

const s3 = useS3Server();

/** The S3 settings exactly as main.ts would build them from these variables. */
const s3Config = (env: Record<string, string>) => parseEnv(env, tmpdir()).s3!;

type Fixture = { name: string; open(): Promise<Storage> };

const STORES: Fixture[] = [
  { name: 'disk', open: async () => new DiskStorage(mkdtempSync(join(tmpdir(), 'iddesk-disk-store-'))) },
  { name: 'S3 (s3rver)', open: async () => S3Storage.open(s3Config((await s3.newBucket()).env)) },
];

const key = (folder = 'proofs') => `${folder}/${randomBytes(16).toString('hex')}.webp`;

describe.each(STORES)('storage contract on $name', ({ open }) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await open();
  });

  it('gives back exactly the bytes it was given', async () => {
    const data = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(70_000)]);
    const k = key();
    await storage.put(k, data);
    expect((await storage.get(k))!.equals(data)).toBe(true);
  });

  it('answers null for a key it never stored', async () => {
    expect(await storage.get(key())).toBeNull();
  });

  it('a second put under the same key replaces the file', async () => {
    const k = key('public');
    await storage.put(k, Buffer.from('first'));
    await storage.put(k, Buffer.from('second'));
    expect((await storage.get(k))!.toString()).toBe('second');
  });

  it('delete removes the file, and deleting a missing one is no error', async () => {
    const k = key();
    await storage.put(k, Buffer.from('gone soon'));
    await storage.delete(k);
    expect(await storage.get(k)).toBeNull();
    await expect(storage.delete(k)).resolves.toBeUndefined();
  });

  it('refuses keys that are not of our making', async () => {
    for (const bad of ['../app.key', 'proofs/../../app.key', 'Proofs/A.webp', 'noextension', '/proofs/a.webp', 'proofs//a.webp']) {
      await expect(storage.put(bad, Buffer.from('x')), bad).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(bad), bad).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(bad), bad).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('pathFor: a file a writer on another thread may place, read back as if put (disk); null for a bucket', async () => {
    const k = key('proofs');
    const path = storage.pathFor(k);
    if (storage instanceof S3Storage) {
      expect(path).toBeNull();
      return;
    }
    expect(path).not.toBeNull();
    const data = randomBytes(5_000);
    // The image thread's write (lib/image-worker.ts), into a folder nobody made yet.
    putFileSync(path!, data);
    expect((await storage.get(k))!.equals(data)).toBe(true);
    expect(() => storage.pathFor('proofs/../../app.key')).toThrow(/Invalid storage key/);
  });

  it('check() passes while the store is usable', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('check() fails when the store cannot be used', () => {
  it('disk: the uploads folder is a file', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'iddesk-disk-store-')), 'uploads');
    writeFileSync(path, 'not a folder');
    await expect(new DiskStorage(path).check()).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('S3: the bucket does not exist', async () => {
    const storage = await S3Storage.open(s3Config({ ...s3.env, S3_BUCKET: 'no-such-bucket-here' }));
    const error = await storage.check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect((error as Error).message).toContain('"no-such-bucket-here"');
    expect((error as Error).message).toContain('HTTP 404');
  });

  it('S3: the credentials are refused', async () => {
    const storage = await S3Storage.open(s3Config({ ...s3.env, S3_ACCESS_KEY_ID: 'UNKNOWN-KEY-ID' }));
    const error = await storage.check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect((error as Error).message).toContain('HTTP 403');
    // Nor can it write: a proof never lands in the bucket under a key it was not given.
    await expect(storage.put(key(), Buffer.from('x'))).rejects.toThrow();
  });

  it('S3: nothing listens at the endpoint', async () => {
    const storage = await S3Storage.open(s3Config({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' }));
    await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

describe('S3 objects', () => {
  it('land in the bucket under the same key a disk store would use as its path', async () => {
    const { bucket, env } = await s3.newBucket();
    const storage = await S3Storage.open(s3Config(env));
    const k = key();
    await storage.put(k, Buffer.from('proof bytes'));
    expect(await s3.keys(bucket)).toEqual([k]);
    const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: k }));
    expect(await object.Body!.transformToString()).toBe('proof bytes');
    expect(object.ContentType).toBe('image/webp');
  });
});
