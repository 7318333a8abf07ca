import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { session } from './session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    session.clear();
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends the API headers and the bearer token, and reads the envelope', async () => {
    session.start('tok-123', false);
    fetchMock.mockResolvedValue(json(200, { message: 'Hello', data: { text: 'hi' } }));
    const response = await apiRequest<{ text: string }>('/marque', { method: 'GET' });
    expect(response).toEqual({ message: 'Hello', data: { text: 'hi' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/marque');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer tok-123',
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });

  it('sends FormData without a content type', async () => {
    fetchMock.mockResolvedValue(json(200, { message: null, data: null }));
    const form = new FormData();
    form.set('amount', '10');
    await apiRequest<null>('/add_funds', { body: form });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('a money-moving call sends an Idempotency-Key and retries a lost answer with the same key', async () => {
    vi.useFakeTimers();
    try {
      fetchMock
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(json(200, { message: 'Request sent.', data: { id: 7 } }));
      const pending = apiRequest<{ id: number }>('/withdraw', {
        body: { amount: '10' },
        idempotent: true,
      });
      await vi.runAllTimersAsync();
      await expect(pending).resolves.toEqual({ message: 'Request sent.', data: { id: 7 } });
      expect(fetchMock).toHaveBeenCalledTimes(3);
      const keys = fetchMock.mock.calls.map(
        ([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'],
      );
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(new Set(keys).size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('each money-moving call gets its own key; an HTTP error is not retried', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(409, { message: 'Insufficient balance.', data: null })),
    );
    await expect(apiRequest('/withdraw', { body: {}, idempotent: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    await expect(apiRequest('/withdraw', { body: {}, idempotent: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, second] = fetchMock.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(first).not.toBe(second);
  });

  it('other calls carry no key and are not retried', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest<null>('/user/update', { body: {} })).rejects.toMatchObject({
      title: 'Unknown error',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![1]!.headers).not.toHaveProperty('Idempotency-Key');
  });

  it('maps a network failure to Unknown error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest<null>('/x')).rejects.toMatchObject({
      title: 'Unknown error',
    });
  });

  it("keeps a server error's request id: from the body, else from the X-Request-Id header", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          message: 'Server error',
          data: null,
          code: 'SERVER_ERROR',
          request_id: 'from-body',
        }),
        {
          status: 500,
          headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'from-header' },
        },
      ),
    );
    const fromBody = await apiRequest('/user/passport').catch((e: unknown) => e as ApiError);
    expect(fromBody).toMatchObject({ kind: 'server', status: 500, requestId: 'from-body' });

    fetchMock.mockResolvedValueOnce(
      new Response('<html>Bad Gateway</html>', {
        status: 502,
        headers: { 'X-Request-Id': 'from-header' },
      }),
    );
    const fromHeader = await apiRequest('/user/passport').catch((e: unknown) => e as ApiError);
    expect(fromHeader).toMatchObject({ kind: 'server', status: 502, requestId: 'from-header' });
  });

  it('maps a non-JSON error page to Server error', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest<null>('/x')).rejects.toMatchObject({
      title: 'Server error',
      message: 'Server error happened. But will fix it soon!',
    });
  });

  it('treats a success body that is not an envelope as a Server error', async () => {
    fetchMock.mockResolvedValue(json(200, { text: 'hi' }));
    await expect(apiRequest<{ text: string }>('/x')).rejects.toMatchObject({
      title: 'Server error',
    });
    fetchMock.mockResolvedValue(json(200, { message: 5, data: null }));
    await expect(apiRequest<null>('/x')).rejects.toBeInstanceOf(ApiError);
  });

  it('a 401 on a request with a token clears the session and signals expiry', async () => {
    session.start('tok-old', true);
    const expired = vi.fn();
    const stop = session.onExpired(expired);
    fetchMock.mockResolvedValue(
      json(401, { message: 'You are not signed in.', data: null, code: 'UNAUTHENTICATED' }),
    );
    await expect(apiRequest<null>('/user/passport')).rejects.toMatchObject({
      status: 401,
    });
    expect(session.token()).toBeNull();
    expect(localStorage.getItem('api_token')).toBeNull();
    expect(localStorage.getItem('is_admin')).toBeNull();
    expect(expired).toHaveBeenCalledOnce();
    expect(session.get().ended).toBeNull();
    stop();
  });

  it('issue 17: a 401 ACCOUNT_BLOCKED ends the session saying why, until the next sign-in', async () => {
    session.start('tok-blocked', false);
    fetchMock.mockResolvedValue(
      json(401, {
        message: 'Your account has been blocked. Contact support.',
        data: null,
        code: 'ACCOUNT_BLOCKED',
      }),
    );
    await expect(apiRequest<null>('/user/passport')).rejects.toMatchObject({
      status: 401,
      title: 'Account blocked',
      message: 'Your account has been blocked. Contact support.',
    });
    expect(session.token()).toBeNull();
    expect(session.get().ended).toBe('blocked');
    session.start('tok-new', false);
    expect(session.get().ended).toBeNull();
  });
});
