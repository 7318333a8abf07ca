import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { uploads } from '../src/db/schema';
import { StorageUnavailableError } from '../src/lib/storage';
import { seedDemoData } from '../src/modules/demo-seed';
import { NOT_SHARED_WARNING } from '../src/plugins/app/storage';
import { createAdmin, createTestApp, get, registerUser, testConfig } from './helpers/test-app';
import { openTestDatabase } from './helpers/test-database';
import { useS3Server } from './helpers/s3-server';
import { addFunds, createUpiPaymentType } from './helpers/wallet-fixtures';

const s3 = useS3Server();

/** Start the app with `env` and keep every log line it writes while starting. */
async function startLogged(env: Record<string, string>) {
  const lines: { level: number; msg: string }[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const ctx = await createTestApp({ LOG_LEVEL: 'info', ...env }, { logStream });
  await ctx.app.ready();
  return { ctx, lines };
}

// Any well-formed URL does: the test app's database is given to buildApp, not opened from it.
const databaseEnv = {
  DATABASE_URL: 'postgres://iddesk@127.0.0.1:9/iddesk',
  APP_KEY: 'a'.repeat(64),
};
const WARNING = 40;

describe('which store the server picks, and what it says at start', () => {
  it('with DATABASE_URL and no bucket: disk, and one warning line that uploads are not shared', async () => {
    const { ctx, lines } = await startLogged(databaseEnv);
    try {
      const warnings = lines.filter((l) => /not be shared between servers/.test(l.msg));
      expect(warnings).toEqual([{ ...warnings[0], level: WARNING, msg: NOT_SHARED_WARNING }]);
      expect(NOT_SHARED_WARNING).toContain('S3_BUCKET');
      expect(ctx.app.storage.constructor.name).toBe('DiskStorage');
    } finally {
      await ctx.close();
    }
  });

  it('embedded (no DATABASE_URL): disk, and no such warning', async () => {
    const { ctx, lines } = await startLogged({});
    try {
      expect(lines.length).toBeGreaterThan(0); // the capture works
      expect(lines.filter((l) => l.msg === NOT_SHARED_WARNING)).toEqual([]);
      expect(ctx.app.storage.constructor.name).toBe('DiskStorage');
    } finally {
      await ctx.close();
    }
  });

  it('with DATABASE_URL and a bucket: S3, no warning, and a line naming the bucket', async () => {
    const { ctx, lines } = await startLogged({ ...databaseEnv, ...s3.env });
    try {
      expect(lines.filter((l) => l.msg === NOT_SHARED_WARNING)).toEqual([]);
      expect(lines.find((l) => /S3 bucket/.test(l.msg))).toMatchObject({ bucket: s3.bucket, endpoint: s3.endpoint });
      expect(ctx.app.storage.constructor.name).toBe('S3Storage');
    } finally {
      await ctx.close();
    }
  });

  it('a bucket that cannot be reached stops the start and names the bucket', async () => {
    const database = await openTestDatabase();
    let error: unknown;
    try {
      const app = await buildApp({ db: database.db, config: testConfig({ ...s3.env, S3_BUCKET: 'missing-bucket' }) });
      await app.close();
    } catch (e) {
      error = e;
    } finally {
      await database.close();
    }
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect((error as Error).message).toMatch(/"missing-bucket".*HTTP 404/);
  });
});

describe('the demo seed on S3', () => {
  it('puts every logo, media image and QR code it makes in the bucket, and each is served', async () => {
    const { bucket, env } = await s3.newBucket();
    const ctx = await createTestApp(env, { moneyLimits: 'defaults' });
    try {
      expect(await seedDemoData({ db: ctx.db, storage: ctx.app.storage, log: ctx.app.log })).toBe('seeded');
      const rows = await ctx.db.select({ key: uploads.key, visibility: uploads.visibility }).from(uploads);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.visibility === 'public')).toBe(true);
      expect(await s3.keys(bucket)).toEqual(rows.map((r) => `public/${r.key}`).sort());
      for (const { key } of rows) expect((await get(ctx.app, `/api/files/public/${key}`)).statusCode, key).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

type Seen = { method: string; url: string; headers: IncomingHttpHeaders };

/** A plain loopback forwarder in front of s3rver that notes every request the app sends. */
async function recordingProxy(target: string): Promise<{ server: Server; endpoint: string; seen: Seen[] }> {
  const { hostname, port } = new URL(target);
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    const upstream = httpRequest({ hostname, port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('a proof in the bucket stays private', () => {
  it('is written without any ACL or grant, path-style, and reaches a reader only through the permission-checked route', async () => {
    const proxy = await recordingProxy(s3.endpoint);
    const ctx = await createTestApp({ ...s3.env, S3_ENDPOINT: proxy.endpoint });
    try {
      const admin = await createAdmin(ctx);
      const user = await registerUser(ctx.app);
      const other = await registerUser(ctx.app);
      const paymentType = await createUpiPaymentType(ctx.app, admin.token);
      const res = await addFunds(ctx.app, user.token, paymentType.id, '10');
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().data.proof_url as string;
      const key = `proofs/${url.split('/').pop()}`;
      // The client is told the server's route, never a bucket address.
      expect(url).toMatch(/^\/api\/files\/proofs\//);

      const puts = proxy.seen.filter((r) => r.method === 'PUT');
      expect(puts.map((r) => r.url.split('?')[0])).toEqual([`/${s3.bucket}/${key}`]);
      for (const put of puts) {
        const aclHeaders = Object.keys(put.headers).filter((h) => h === 'x-amz-acl' || h.startsWith('x-amz-grant'));
        expect(aclHeaders).toEqual([]);
        expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
      }

      const before = proxy.seen.length;
      expect((await get(ctx.app, url, other.token)).statusCode).toBe(404);
      // Refused before the bucket is asked.
      expect(proxy.seen.length).toBe(before);
      expect((await get(ctx.app, url, user.token)).statusCode).toBe(200);
      expect(proxy.seen.slice(before).map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
        `GET /${s3.bucket}/${key}`,
      ]);
    } finally {
      await ctx.close();
      proxy.server.close();
    }
  });
});
