import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './helpers/server-process';

/**
 * SIGTERM to a real server process (docs/product.md#running-it, docs/operations.md): readiness turns 503 at
 * once, running requests finish, the process exits; and it exits by SHUTDOWN_TIMEOUT_SECONDS
 * even when a request never ends.
 */

const servers: ServerProcess[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
});

/** A real server process with these SHUTDOWN_* seconds, killed after the test if still running. */
async function startWithShutdown(graceSeconds: string, timeoutSeconds: string) {
  const server = startServerProcess({ SHUTDOWN_GRACE_SECONDS: graceSeconds, SHUTDOWN_TIMEOUT_SECONDS: timeoutSeconds });
  servers.push(server);
  return { server, port: await server.port() };
}

/** One GET on a new connection (no keep-alive agent): status, or the connection error's code. */
function getOnNewConnection(port: number, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

/**
 * A login whose body arrives slowly: the headers and half the body now, the rest on
 * `finish()`. Until then the server holds a request in flight.
 */
function slowLogin(port: number) {
  const body = JSON.stringify({ login: 'nobody@example.com', password: 'not the password' });
  const half = Math.floor(body.length / 2);
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  socket.on('error', () => {});
  const sent = new Promise<void>((resolve) => {
    socket.on('connect', () => {
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\n' +
          `Host: 127.0.0.1:${port}\r\n` +
          'Content-Type: application/json\r\n' +
          'Accept: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
          body.slice(0, half),
        () => resolve(),
      );
    });
  });
  return { sent, closed, finish: () => socket.write(body.slice(half)) };
}

describe('shutdown on SIGTERM (a real server process)', () => {
  it('readiness is 503 at once, a running request finishes, new connections are refused, the process exits 0', async () => {
    // A grace long enough to look at readiness on a loaded machine, well inside the deadline.
    const { server, port } = await startWithShutdown('8', '60');
    expect(await getOnNewConnection(port, '/api/health/ready')).toBe(200);

    const slow = slowLogin(port);
    await slow.sent;
    server.child.kill('SIGTERM');

    // Draining: the balancer sees 503 on a new connection; the process still answers liveness.
    await expect
      .poll(() => getOnNewConnection(port, '/api/health/ready'), { timeout: 5_000 })
      .toBe(503);
    expect(await getOnNewConnection(port, '/api/health/live')).toBe(200);
    // After the grace period the listener is closed, while the slow request is still running.
    await expect
      .poll(() => getOnNewConnection(port, '/api/health/live'), { timeout: 30_000 })
      .toBe('ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();

    slow.finish();
    const answer = await slow.closed;
    // Its real answer: a wrong login is 422.
    expect(answer).toMatch(/^HTTP\/1\.1 422 /);
    expect(answer).toMatch(/x-request-id: [0-9a-f-]{36}/i);

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
    expect(server.output()).not.toContain('shutdown deadline');
  }, 120_000);

  it('exits by SHUTDOWN_TIMEOUT_SECONDS even with a request that never ends', async () => {
    const { server, port } = await startWithShutdown('0', '3');

    const hanging = slowLogin(port);
    await hanging.sent;
    server.child.kill('SIGTERM');

    // Code 1: it did not shut down cleanly, and says why.
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/shutdown deadline: requests still running 3 s after SIGTERM/);
    expect(server.output()).not.toContain('shut down cleanly');
    // The hanging request got no answer; its connection went with the process.
    expect(await hanging.closed).toBe('');
  }, 120_000);
});
