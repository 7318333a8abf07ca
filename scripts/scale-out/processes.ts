// The scale-out test's processes: the built server (several at once, each on its own data dir,
// all on one PostgreSQL), Debian's nginx as a round-robin load balancer in front of them, and
// an S3-protocol server (s3rver, in a process of its own). Everything listens on 127.0.0.1 on a free
// port; every child is killed when the test exits, whatever happens.
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Child, sleep, spawnChild, stop, tail, waitReady } from '../lib/children';

export { type Child, sleep, spawnChild, stop, tail, waitReady } from '../lib/children';

/* ---------- the S3-protocol server ---------- */

export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type ObjectStore = {
  endpoint: string;
  bucket: string;
  /** Every object's key, read from s3rver's files (the test needs no S3 client of its own). */
  objects: () => string[];
  /** SIGKILL, as an object store that dies; `start` brings it back with its objects. */
  kill: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * s3rver on loopback in a process of its own (object-store-main.mjs) with the bucket created,
 * as an operator's one-shot would (compose.yaml's `bucket` service). Its objects are files
 * under `directory`.
 */
export async function startObjectStore(
  directory: string,
  port: number,
  bucket: string,
): Promise<ObjectStore> {
  mkdirSync(directory, { recursive: true });
  const endpoint = `http://127.0.0.1:${port}`;
  let proc: Child | null = null;
  const start = async () => {
    proc = spawnChild(
      's3rver',
      process.execPath,
      [join(import.meta.dirname, 'object-store-main.mjs'), directory, String(port), bucket],
      {},
      join(directory, '..', 's3rver.log'),
    );
    await waitReady(proc, `${endpoint}/${bucket}`, 30_000);
  };
  await start();
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
  return {
    endpoint,
    bucket,
    objects,
    kill: async () => {
      if (proc) await stop(proc, 'SIGKILL');
    },
    start,
    close: async () => {
      if (proc) await stop(proc);
    },
  };
}

/* ---------- nginx ---------- */

export const NGINX_BIN = '/usr/sbin/nginx';

const DEPLOY_NGINX_CONF = join(import.meta.dirname, '../../deploy/nginx.conf');

/**
 * The `server { … }` block of deploy/nginx.conf, as shipped, without its `listen` line: its
 * locations (round robin through `proxy_pass http://iddesk`, the client's address in
 * X-Forwarded-For, nginx's $request_id as X-Request-Id, a retry on the other server only when
 * a connection could not be made or timed out, /metrics refused). nginx never resends a POST
 * once it has been sent to a server (that needs `non_idempotent`, which it does not set): a
 * money call cut off by a dying server comes back as a 502, and the client retries it with
 * its Idempotency-Key.
 */
export function shippedServerBlock(): string {
  const text = readFileSync(DEPLOY_NGINX_CONF, 'utf8')
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');
  const open = /^\s*server\s*\{/m.exec(text);
  if (!open) throw new Error(`${DEPLOY_NGINX_CONF} has no server block`);
  let depth = 0;
  for (let at = open.index + open[0].length - 1; at < text.length; at += 1) {
    if (text[at] === '{') depth += 1;
    else if (text[at] === '}' && --depth === 0) {
      const body = text.slice(open.index + open[0].length, at);
      return body
        .split('\n')
        .filter((line) => !/^\s*listen\s/.test(line))
        .join('\n');
    }
  }
  throw new Error(`${DEPLOY_NGINX_CONF}: the server block does not close`);
}

/**
 * deploy/nginx.conf's server block on loopback: the upstreams are the test's servers, and the
 * test-only X-Upstream header tells which server answered (inherited by the locations, which
 * add no headers of their own).
 */
export function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const temp = (name: string) => join(dir, name);
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
    add_header X-Upstream $upstream_addr always;
${shippedServerBlock()}
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
