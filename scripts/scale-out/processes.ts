// The scale-out test's processes: the built server (several at once, each on its own data dir,
// all on one PostgreSQL), Debian's nginx as a round-robin load balancer in front of them, and
// an S3-protocol server (s3rver, in this process). Everything listens on 127.0.0.1 on a free
// port; every child is killed when the test exits, whatever happens.
import { chmodSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { type Child, sleep, spawnChild, tail } from '../lib/children';
import { join } from 'node:path';
import S3rver from 's3rver';

export { type Child, sleep, spawnChild, stop, tail, waitReady } from '../lib/children';

/* ---------- the S3-protocol server ---------- */

export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type ObjectStore = {
  endpoint: string;
  bucket: string;
  objects: () => string[];
  close: () => Promise<void>;
};

/**
 * s3rver on loopback with the bucket created, as an operator's one-shot would (compose.yaml's
 * `bucket` service). Its objects are files under `directory`, so the test can see what arrived
 * without an S3 client of its own.
 */
export async function startObjectStore(
  directory: string,
  port: number,
  bucket: string,
): Promise<ObjectStore> {
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  const objects = () => {
    const found: string[] = [];
    const walk = (dir: string, prefix: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}${entry.name}/`);
        else if (entry.name.endsWith('._S3rver_object')) {
          found.push(prefix + entry.name.slice(0, -'._S3rver_object'.length));
        }
      }
    };
    walk(join(directory, bucket), '');
    return found;
  };
  return { endpoint: `http://127.0.0.1:${port}`, bucket, objects, close: () => server.close() };
}

/* ---------- nginx ---------- */

export const NGINX_BIN = '/usr/sbin/nginx';

/**
 * The proxy part mirrors deploy/nginx.conf (keep them in step): round robin, the client's
 * address in X-Forwarded-For, nginx's $request_id as X-Request-Id, and a retry on the other
 * server only when a connection could not be made or timed out. nginx never resends a POST
 * once it has been sent to a server (that needs `non_idempotent`, which we do not set): a
 * money call cut off by a dying server comes back as a 502, and the client retries it with
 * its Idempotency-Key. The live event stream is passed on unbuffered. The test-only X-Upstream
 * header tells which server answered.
 */
export function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const temp = (name: string) => join(dir, name);
  // What both locations pass on (the stream's location only adds its no-buffering).
  const proxied = [
    'proxy_pass http://iddesk;',
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $host;',
    'proxy_set_header X-Forwarded-For $remote_addr;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Request-Id $request_id;',
  ].map((line) => `      ${line}`).join('\n');
  return `daemon off;
master_process on;
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
${process.getuid?.() === 0 ? 'user root;\n' : ''}events { worker_connections 512; }
http {
  access_log ${temp('access.log')};
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  client_max_body_size 12m;

  upstream iddesk {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${port};
    location = /api/events {
${proxied}
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 60s;
      add_header X-Upstream $upstream_addr always;
    }
    location / {
${proxied}
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** nginx in the foreground (a child of this process) with its config, pid, logs and temp files in `dir`. */
export async function startNginx(dir: string, port: number, upstreams: number[]): Promise<Child> {
  mkdirSync(dir, { recursive: true });
  // As root the workers run as root too (`user root`); otherwise as the caller.
  chmodSync(dir, 0o755);
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, upstreams));
  // -e: the error log before the config is read (otherwise /var/log/nginx, root's).
  const proc = spawnChild(
    'nginx',
    NGINX_BIN,
    ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')],
    {},
    join(dir, 'stdout.log'),
  );
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (proc.isDead()) throw new Error(`nginx exited at start:\n${tail(proc.output())}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        signal: AbortSignal.timeout(2_000),
      });
      await response.arrayBuffer();
      return proc;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('nginx did not listen within 15 s');
    await sleep(50);
  }
}
