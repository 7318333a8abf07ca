import { randomBytes } from 'node:crypto';
import { imageProblemMessage, WALLET_API } from '@iddesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { UploadRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { ValidationError } from '../../errors/app-errors';
import { InvalidImageError, processImage } from '../../lib/images';
import { decodeFingerprint, isLookalike, type Lookalike } from '../../lib/lookalike';
import type { Storage } from '../../lib/storage';
import { findLookalikeCandidates, insertFingerprint, insertUpload, listUploads, LOOKALIKES_NAMED_MAX } from './repository';

export type Visibility = UploadRow['visibility'];

/** A processed image already in storage, waiting for its database row. */
export type StoredImage = {
  key: string;
  visibility: Visibility;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
  /** Private images (payment proofs): the look-alike fingerprint and its keys; null otherwise. */
  lookalike: Lookalike | null;
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
  // Only proofs carry a look-alike fingerprint (issue 51), taken in the image pool with the encode.
  const key = `${name}.${image.extension}`;
  if (image.data) await storage.put(storageKeyOf(visibility, key), image.data);
  return {
    key,
    visibility,
    contentType: image.contentType,
    byteSize: image.byteSize,
    width: image.width,
    height: image.height,
    lookalike: image.lookalike,
  };
}

/**
 * The database row of a stored image, written in the transaction that references it. A proof
 * (issue 51 item 3) is first searched among the stored ones (uploads/repository.ts
 * `findLookalikeCandidates`: a bounded number of index reads) and judged against the few
 * candidates (lib/lookalike.ts `isLookalike`); its fingerprint row then names the earlier
 * proofs it looks like (the proof-reuse trigger of migration 0032 tags their payments when
 * this one's payment goes in), and only a proof like no other adds its index keys.
 */
export async function recordUpload(tx: Tx, image: StoredImage, ownerId: number | null): Promise<void> {
  const { lookalike, ...row } = image;
  await insertUpload(tx, { ...row, ownerId });
  if (lookalike === null) return;
  const lookalikeOf = await earlierLookalikes(tx, lookalike, image.key);
  await insertFingerprint(tx, image.key, lookalike.fingerprint, lookalikeOf, lookalikeOf.length > 0 ? [] : lookalike.keys);
}

/** The stored proofs `lookalike` looks like, the likeliest first, at most LOOKALIKES_NAMED_MAX. */
export async function earlierLookalikes(tx: Tx, lookalike: Lookalike, exceptKey: string | null = null): Promise<string[]> {
  const candidates = await findLookalikeCandidates(tx, lookalike.probes, exceptKey);
  if (candidates.length === 0) return [];
  const fingerprint = decodeFingerprint(lookalike.fingerprint)!;
  const found: string[] = [];
  for (const candidate of candidates) {
    const stored = decodeFingerprint(candidate.fingerprint);
    if (stored && isLookalike(fingerprint, stored, candidate.variants)) found.push(candidate.uploadKey);
  }
  return found.slice(0, LOOKALIKES_NAMED_MAX);
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

/** A stored file's bytes; null when it is not there. */
export async function readStoredFile(storage: Storage, visibility: Visibility, key: string): Promise<Buffer | null> {
  return storage.get(storageKeyOf(visibility, key));
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
