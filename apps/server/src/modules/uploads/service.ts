import { randomBytes } from 'node:crypto';
import { imageProblemMessage, WALLET_API } from '@iddesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { UploadRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { ValidationError } from '../../errors/app-errors';
import { InvalidImageError, processImage } from '../../lib/images';
import type { Storage } from '../../lib/storage';
import { insertProof, insertUpload, listUploads } from './repository';

export type Visibility = UploadRow['visibility'];

/** A processed image already in storage, waiting for its database row. */
export type StoredImage = {
  key: string;
  visibility: Visibility;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
  /** Private images (payment proofs): the perceptual hash; null otherwise. */
  phash: bigint | null;
};

const FOLDER: Record<Visibility, string> = { private: 'proofs', public: 'public' };

export const storageKeyOf = (visibility: Visibility, key: string) => `${FOLDER[visibility]}/${key}`;

/** Only names we generate: 32 hex digits and our extension. Anything else is not a file of ours. */
export const UPLOAD_KEY = /^[0-9a-f]{32}\.(webp|jpg)$/;

/** The path the client uses: private ones need the Authorization header. */
export function fileUrl(visibility: Visibility, key: string): string {
  return `/api${visibility === 'private' ? WALLET_API.proofFile(key) : WALLET_API.publicFile(key)}`;
}

/**
 * Check, re-encode and store an uploaded image under a fresh random name. Runs before the
 * database transaction (image work is slow); a bad image is a 422 naming `field`.
 */
export async function storeImage(
  storage: Storage,
  input: Buffer,
  visibility: Visibility,
  field: string,
): Promise<StoredImage> {
  // On disk, the image thread writes the file itself under either name (its extension is
  // chosen there); both are the caller's from here (TrackedStorage takes back what is not kept).
  const name = randomBytes(16).toString('hex');
  const keyOf = (extension: string) => storageKeyOf(visibility, `${name}.${extension}`);
  const jpg = storage.pathFor(keyOf('jpg'));
  const writeTo = jpg === null ? undefined : { jpg, webp: storage.pathFor(keyOf('webp'))! };
  let image;
  try {
    image = await processImage(input, visibility, writeTo);
  } catch (error) {
    if (error instanceof InvalidImageError) throw ValidationError.field(field, imageProblemMessage(error.problem));
    throw error;
  }
  // Only proofs carry a perceptual hash (issue 16), taken in the image pool with the encode.
  const key = `${name}.${image.extension}`;
  if (image.data) await storage.put(storageKeyOf(visibility, key), image.data);
  return {
    key,
    visibility,
    contentType: image.contentType,
    byteSize: image.byteSize,
    width: image.width,
    height: image.height,
    phash: image.phash,
  };
}

/** The database row of a stored image, written in the transaction that references it. */
export async function recordUpload(tx: Tx, image: StoredImage, ownerId: number | null): Promise<void> {
  const { phash } = image;
  if (phash === null) await insertUpload(tx, { ...image, ownerId });
  else await insertProof(tx, { ...image, ownerId, phash });
}

/**
 * Run the database work for a stored image; if it fails, the file is removed again so no
 * orphan stays behind. (A crash between the two can still leave one: harmless, unreachable.)
 */
export async function withStoredImage<T>(
  storage: Storage,
  log: FastifyBaseLogger,
  image: StoredImage | null,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (image) await removeFile(storage, log, image.visibility, image.key);
    throw error;
  }
}

/** Best effort: a file that cannot be removed is logged, never an error for the caller. */
export async function removeFile(
  storage: Storage,
  log: FastifyBaseLogger,
  visibility: Visibility,
  key: string,
): Promise<void> {
  try {
    await storage.delete(storageKeyOf(visibility, key));
  } catch (err) {
    log.warn({ err, key }, 'could not remove an uploaded file');
  }
}

/** A file the database names: its storage key (as in the bucket) and its size in bytes. */
export type StoredFile = { key: string; size: number };

/** Every file the database names, by storage key ("proofs/….webp", "public/….webp"). */
export async function storedFiles(db: Db): Promise<StoredFile[]> {
  const rows = await listUploads(db);
  return rows.map((r) => ({ key: storageKeyOf(r.visibility, r.key), size: r.byteSize }));
}
