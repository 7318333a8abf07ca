import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';

/** s3rver checks signatures against this one key pair. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

export type S3TestServer = {
  /** `http://127.0.0.1:PORT`, path-style. */
  endpoint: string;
  /** The bucket made at start. */
  bucket: string;
  /** The S3_* variables that point a server (or createTestApp) at `bucket`. */
  env: Record<string, string>;
  /** A plain SDK client on the server, for tests to look into the bucket. */
  client: S3Client;
  /** Another empty bucket on the same server, and its S3_* variables. */
  newBucket(): Promise<{ bucket: string; env: Record<string, string> }>;
  /** Every key in a bucket (default: the one made at start), sorted. */
  keys(bucket?: string): Promise<string[]>;
  stop(): Promise<void>;
};

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1 at a free port, storing in a temp dir,
 * with one fresh bucket. For the storage tests, the API tests on S3 and the scale-out test:
 *
 *   const s3 = await startS3Server();
 *   const ctx = await createTestApp(s3.env);
 *   ...
 *   await s3.stop();
 */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'iddesk-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: REGION,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  const envOf = (bucket: string): Record<string, string> => ({
    S3_BUCKET: bucket,
    S3_REGION: REGION,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  });
  const newBucket = async () => {
    const bucket = `iddesk-test-${randomBytes(6).toString('hex')}`;
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    return { bucket, env: envOf(bucket) };
  };
  const first = await newBucket();

  return {
    endpoint,
    bucket: first.bucket,
    env: first.env,
    client,
    newBucket,
    async keys(bucket = first.bucket) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * One S3 server for a test file (or describe block): started before its tests, stopped after
 * them. Read its fields inside hooks and tests, never at the top level.
 */
export function useS3Server(): S3TestServer {
  let current: S3TestServer | undefined;
  beforeAll(async () => {
    current = await startS3Server();
  });
  afterAll(async () => {
    await current?.stop();
    current = undefined;
  });
  return new Proxy({} as S3TestServer, {
    get(_target, key: keyof S3TestServer) {
      if (!current) throw new Error('useS3Server: the server exists only inside hooks and tests');
      return current[key];
    },
  });
}
