import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types';

/** What a service that stores a file needs of its call: the database, the storage, the call's log. */
export type StorageDeps = { db: Db; storage: Storage; log: FastifyBaseLogger };

/**
 * Where uploaded files live. Keys are server-generated ("proofs/3f…9a.webp"); callers never
 * pass user input as a key. On disk in the embedded default; in an S3 bucket
 * (lib/s3-storage.ts) when several servers share the files (DESIGN.md §5).
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Throws (StorageUnavailableError) when the store cannot be reached; readiness asks it. */
  check(): Promise<void>;
}

/** The store itself is out of reach: a missing bucket, refused credentials, no network. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

/** Defence in depth: keys are ours, but one that does not look like ours is a bug. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

export class DiskStorage implements Storage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    // A path must never leave the root.
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${path}.${randomBytes(4).toString('hex')}.part`;
    await writeFile(partial, data, { mode: 0o600 });
    await rename(partial, path);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new StorageUnavailableError(`The uploads folder ${this.root} cannot be used: ${String(error)}`, {
        cause: error,
      });
    }
  }
}

/**
 * A Storage that remembers every key written through it, so whoever owns an enclosing
 * transaction can take the files back when that transaction rolls back.
 */
export class TrackedStorage implements Storage {
  private readonly written = new Set<string>();

  constructor(private readonly inner: Storage) {}

  async put(key: string, data: Buffer): Promise<void> {
    // Noted first: a put that fails half way (a timeout after the bytes arrived) may still
    // have left the object, and deleting a missing one is harmless.
    this.written.add(key);
    await this.inner.put(key, data);
  }

  get(key: string): Promise<Buffer | null> {
    return this.inner.get(key);
  }

  async delete(key: string): Promise<void> {
    await this.inner.delete(key);
    this.written.delete(key);
  }

  check(): Promise<void> {
    return this.inner.check();
  }

  /** Best effort: a file that cannot be removed is logged, never an error for the caller. */
  async discard(log: { warn(obj: object, msg: string): void }): Promise<void> {
    for (const key of [...this.written]) {
      try {
        await this.delete(key);
      } catch (err) {
        log.warn({ err, key }, 'could not remove an uploaded file');
      }
    }
  }
}
