import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { get, post, registerUser, useTestApp } from './helpers/test-app';
import { userIdOf } from './helpers/wallet-fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Every line the app logs, kept in memory. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

const direct = useTestApp({ LOG_LEVEL: 'info' }, { logStream: capture });
const proxied = useTestApp({ TRUST_PROXY: 'true' });

describe('X-Request-Id', () => {
  it('every response carries a generated id: success, 401, 404, a router error', async () => {
    const responses = [
      await get(direct.app, '/api/settings'),
      await post(direct.app, '/api/user/passport'),
      await get(direct.app, '/api/no-such-call'),
      await get(direct.app, '/api/files/public/%E0%A4%A'),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 404, 400]);
    const ids = responses.map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("without TRUST_PROXY a client's own X-Request-Id is ignored", async () => {
    const res = await direct.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it("behind a trusted proxy the proxy's id is kept, and a malformed one replaced", async () => {
    const nginxId = '3f2a9c0d1e4b5a6978c0d1e2f3a4b5c6';
    const kept = await proxied.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { 'x-request-id': nginxId },
    });
    expect(kept.headers['x-request-id']).toBe(nginxId);

    for (const bad of ['has space', 'a'.repeat(129), 'quote"d', 'line\u2028break', '']) {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/settings',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id'], JSON.stringify(bad)).toMatch(UUID);
    }
  });

  it('log lines of a signed-in call carry the user id, with the request id', async () => {
    const user = await registerUser(direct.app);
    const userId = await userIdOf(direct, user.email);
    const res = await get(direct.app, '/api/notifications', user.token);
    expect(res.statusCode).toBe(200);
    const requestId = res.headers['x-request-id'];
    const ofRequest = lines
      .map((line) => JSON.parse(line) as { reqId?: string; userId?: number; msg?: string })
      .filter((line) => line.reqId === requestId);
    const completed = ofRequest.find((line) => line.msg === 'request completed');
    expect(completed, JSON.stringify(ofRequest)).toBeDefined();
    expect(completed!.userId).toBe(userId);
  });

  it('a request is one log line, written when it is answered: method, URL, status and time', async () => {
    const user = await registerUser(direct.app);
    const res = await get(direct.app, '/api/notifications?page=1', user.token);
    expect(res.statusCode).toBe(200);
    const ofRequest = lines
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; req?: { method?: string; url?: string }; res?: { statusCode?: number }; responseTime?: number })
      .filter((line) => line.reqId === res.headers['x-request-id']);
    expect(ofRequest.map((line) => line.msg)).toEqual(['request completed']);
    expect(ofRequest[0]!.req).toMatchObject({ method: 'GET', url: '/api/notifications?page=1' });
    expect(ofRequest[0]!.res).toEqual({ statusCode: 200 });
    expect(ofRequest[0]!.responseTime).toBeGreaterThan(0);
  });
});
