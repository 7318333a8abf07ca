import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { TestContext } from './test-app';
import { startS3Server } from './s3-server';

/** Where a test app keeps its uploads, and a look inside that does not go through our code. */
export type UploadStore = {
  /** Extra env for createTestApp: none for disk, the S3_* variables for the bucket. */
  env: Record<string, string>;
  /** Every stored key ("proofs/….jpg"), sorted: the files on disk, or the bucket's listing. */
  keys(ctx: TestContext): Promise<string[]>;
  stop(): Promise<void>;
};

function diskKeys(root: string): string[] {
  const walk = (dir: string): string[] => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return entries.flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  };
  return walk(root)
    .map((path) => relative(root, path).split(sep).join('/'))
    .sort();
}

/** The two stores every storage-facing test runs on: `describe.each(UPLOAD_STORES)`. */
export const UPLOAD_STORES: { name: string; start(): Promise<UploadStore> }[] = [
  {
    name: 'disk',
    async start() {
      return {
        env: {},
        keys: async (ctx) => diskKeys(join(ctx.config.dataDir, 'uploads')),
        stop: async () => {},
      };
    },
  },
  {
    name: 'S3 (s3rver)',
    async start() {
      const s3 = await startS3Server();
      return { env: s3.env, keys: () => s3.keys(), stop: () => s3.stop() };
    },
  },
];
