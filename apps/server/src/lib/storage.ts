import { randomBytes } from 'node:crypto';
import { constants, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types';

/** What a service that stores a file needs of its call: the database, the storage, the call's log. */
export type StorageDeps = { db: Db; storage: Storage; log: FastifyBaseLogger };

/**
 * Where uploaded files live. Keys are server-generated ("proofs/3f…9a.webp"); callers never
 * pass user input as a key. On disk in the embedded default; in an S3 bucket
 * (lib/s3-storage.ts) when several servers share the files (docs/product.md#running-it).
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Throws (StorageUnavailableError) when the store cannot be reached; readiness asks it. */
  check(): Promise<void>;
  /**
   * The file of `key` on this machine's disk, for the image thread to write a new image itself
   * (lib/images.ts `processImage`); null when the store is not a folder here (S3). The file is
   * then the caller's as after `put`, whether or not it gets written.
   */
  pathFor(key: string): string | null;
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

/** Stored files are the server's alone. */
const FILE_MODE = 0o600;
const partialPathOf = (path: string) => `${path}.${randomBytes(4).toString('hex')}.part`;

/**
 * DiskStorage's `put`, for a thread that does nothing else (the image thread): synchronous,
 * so the file costs one call instead of five trips through libuv's pool and the event loop.
 */
export function putFileSync(path: string, data: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const partial = partialPathOf(path);
  writeFileSync(partial, data, { mode: FILE_MODE });
  renameSync(partial, path);
}

export class DiskStorage implements Storage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  pathFor(key: string): string {
    assertStorageKey(key);
    // A path must never leave the root.
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathFor(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = partialPathOf(path);
    await writeFile(partial, data, { mode: FILE_MODE });
    await rename(partial, path);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathFor(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
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

  pathFor(key: string): string | null {
    const path = this.inner.pathFor(key);
    if (path !== null) this.written.add(key);
    return path;
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
