import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Config } from '../config/env';
import { assertStorageKey, type Storage, StorageUnavailableError } from './storage';

type Sdk = typeof S3Sdk;

/** Only what we store; anything else is the generic type (the server sets its own anyway). */
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** A missing object: S3 says NoSuchKey on GET and a bare 404 (NotFound) on HEAD. */
function isMissingObject(sdk: Sdk, error: unknown): boolean {
  if (!(error instanceof sdk.S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || (statusOf(error) === 404 && error.name !== 'NoSuchBucket');
}

/**
 * Uploads in an S3 bucket (AWS or an S3-compatible service), through the AWS SDK v3.
 * Objects are written without an ACL, so they stay as private as the bucket: private proofs
 * reach a browser only through the server's permission-checked routes, which read them here.
 */
export class S3Storage implements Storage {
  private readonly client: S3Sdk.S3Client;
  private readonly bucket: string;

  /**
   * The SDK is imported here, not at the top: it takes a good part of a second to load, and
   * the embedded default (disk) never needs it. A static import would be hoisted into the
   * server's bundle and loaded at every start.
   */
  static async open(config: S3Config): Promise<S3Storage> {
    return new S3Storage(await import('@aws-sdk/client-s3'), config);
  }

  private constructor(
    private readonly sdk: Sdk,
    private readonly config: S3Config,
  ) {
    this.bucket = config.bucket;
    this.client = new sdk.S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      // Unset: the SDK's default chain (AWS_* variables, shared config files, instance role).
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // A store that stops answering must fail a request (and readiness), not hang it.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  pathFor(): null {
    return null;
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        ContentType: CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissingObject(this.sdk, error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    // S3 answers 204 for a missing key too.
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** The object's size in bytes, or null when there is none (the copy command skips equal ones). */
  async sizeOf(key: string): Promise<number | null> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isMissingObject(this.sdk, error)) return null;
      throw error;
    }
  }

  /** Every object in the bucket with its size, a page (up to 1000) at a time. */
  async *list(): AsyncGenerator<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      // HEAD answers carry no body, so the status is all S3 says (404 no bucket, 403 refused).
      const status = statusOf(error);
      const why = status ? `HTTP ${status}` : String((error as Error).message ?? error);
      throw new StorageUnavailableError(
        `The S3 bucket "${this.bucket}" at ${this.config.endpoint ?? `AWS (${this.config.region})`} cannot be reached: ${why}.`,
        { cause: error },
      );
    }
  }

  /** Closes the client's kept-alive sockets. */
  close(): void {
    this.client.destroy();
  }
}
