import { ERROR_ROUTES, ERROR_TOAST_DURATION_MS, LOADING_HOLD_MS } from '@iddesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runAction } from './action';
import { errorFromResponse, serverError } from './api-error';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('./toast', () => ({ toast }));

describe('runAction', () => {
  let warn: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    warn.mockRestore();
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it(`holds the loading flag ${LOADING_HOLD_MS} ms after the action finishes`, async () => {
    const states: boolean[] = [];
    const loading = { start: () => states.push(true), stop: () => states.push(false) };
    const result = await runAction(async () => ({ message: null, data: 1 }), {}, loading);
    expect(result).toEqual({ ok: true, data: 1, message: null });
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(LOADING_HOLD_MS - 1);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
  });

  it('holds the flag after a failure too', async () => {
    const stop = vi.fn();
    await runAction(() => Promise.reject(new Error('boom')), {}, { start: () => {}, stop });
    expect(stop).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LOADING_HOLD_MS);
    expect(stop).toHaveBeenCalledOnce();
  });

  it('toasts the returned message on success, unless notify or successNotify is off', async () => {
    await runAction(async () => ({ message: 'Saved.', data: null }));
    expect(toast.success).toHaveBeenCalledWith('Saved.');
    toast.success.mockReset();
    await runAction(async () => ({ message: 'Saved.', data: null }), { successNotify: false });
    await runAction(async () => ({ message: 'Saved.', data: null }), { notify: false });
    await runAction(async () => ({ message: null, data: null }));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('uses the fallback success message when the server sends none', async () => {
    await runAction(async () => ({ message: null, data: null }), {
      successMessage: 'Profile saved.',
    });
    expect(toast.success).toHaveBeenCalledWith('Profile saved.');
  });

  it('shows a failure as an error toast for 5 s and logs it with console.warn', async () => {
    const error = errorFromResponse(422, {
      message: 'The given data was invalid.',
      data: null,
      errors: { email: ['The email has already been taken.'] },
    });
    const result = await runAction(() => Promise.reject(error));
    expect(result).toMatchObject({ ok: false, error });
    expect(toast.error).toHaveBeenCalledWith(
      'Check your details',
      expect.objectContaining({
        description: 'The email has already been taken.',
        duration: ERROR_TOAST_DURATION_MS,
      }),
    );
    expect(ERROR_TOAST_DURATION_MS).toBe(5000);
    expect(warn).toHaveBeenCalled();
  });

  it("a server error's toast keeps the catalogue message and adds the request id to quote", async () => {
    const requestId = '6f1c2a9e-3b7d-4e8a-9c0f-1a2b3c4d5e6f';
    const withMessage = errorFromResponse(503, {
      message: 'The service is briefly unavailable. Please try again in a moment.',
      data: null,
      code: 'SERVICE_UNAVAILABLE',
      request_id: requestId,
    });
    await runAction(() => Promise.reject(withMessage));
    expect(toast.error).toHaveBeenLastCalledWith(
      'Server error',
      expect.objectContaining({
        description: `The service is briefly unavailable. Please try again in a moment. Reference: ${requestId}`,
      }),
    );

    // No message (a proxy's 502 page): the catalogue's text, the id from the X-Request-Id header.
    await runAction(() => Promise.reject(errorFromResponse(502, undefined, 'abc123def456')));
    expect(toast.error).toHaveBeenLastCalledWith(
      'Server error',
      expect.objectContaining({
        description: 'Server error happened. But will fix it soon! Reference: abc123def456',
      }),
    );

    // A 4xx names no reference, even when the header carries an id.
    await runAction(() =>
      Promise.reject(errorFromResponse(409, { message: 'Not possible.', data: null }, 'abc123')),
    );
    expect(toast.error).toHaveBeenLastCalledWith(
      'Not possible',
      expect.objectContaining({ description: 'Not possible.' }),
    );
  });

  it('maps an unknown failure to the Unknown error toast', async () => {
    await runAction(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(toast.error).toHaveBeenCalledWith(
      'Unknown error',
      expect.objectContaining({ description: 'Unknown error happened. Write to admin' }),
    );
  });

  it('with the error-page flag, server errors and 404s go to an error page instead of a toast', async () => {
    const server = await runAction(() => Promise.reject(serverError(502)), { errorPage: true });
    expect(server).toMatchObject({ ok: false, errorPage: ERROR_ROUTES.serverError });
    const missing = await runAction(
      () => Promise.reject(errorFromResponse(404, { message: 'Not found.', data: null })),
      { errorPage: { notFound: ERROR_ROUTES.userNotFound } },
    );
    expect(missing).toMatchObject({ ok: false, errorPage: ERROR_ROUTES.userNotFound });
    expect(toast.error).not.toHaveBeenCalled();

    const network = await runAction(() => Promise.reject(new TypeError('offline')), {
      errorPage: true,
    });
    expect(network).toMatchObject({ ok: false, errorPage: null });
    expect(toast.error).toHaveBeenCalledOnce();
  });
});
