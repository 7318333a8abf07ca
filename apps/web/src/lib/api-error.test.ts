import { describe, expect, it } from 'vitest';
import {
  ApiError,
  errorFromResponse,
  errorToastText,
  firstFieldError,
  toApiError,
} from './api-error';

const SERVER_ERROR_TITLE = 'Server error';
const SERVER_ERROR_MESSAGE = 'Server error happened. But will fix it soon!';

describe('error catalogue', () => {
  it('a response without a data message is a Server error', () => {
    for (const body of [
      undefined,
      null,
      'oops',
      {},
      { data: null },
      { message: '' },
      { message: 42 },
    ]) {
      const error = errorFromResponse(502, body);
      expect(error.title).toBe(SERVER_ERROR_TITLE);
      expect(error.message).toBe(SERVER_ERROR_MESSAGE);
      expect(error.kind).toBe('server');
    }
  });

  it('an unknown failure is an Unknown error', () => {
    const error = toApiError(new TypeError('Failed to fetch'));
    expect(error.title).toBe('Unknown error');
    expect(error.message).toBe('Unknown error happened. Write to admin');
    expect(error.kind).toBe('unknown');
    expect(error.status).toBe(0);
  });

  it('HTTP 500 with a message carries that message and code -1 by default', () => {
    const error = errorFromResponse(500, { message: 'Database unavailable', data: null });
    expect(error.message).toBe('Database unavailable');
    expect(error.code).toBe(-1);
    expect(error.status).toBe(500);
  });

  it('HTTP 500 keeps the server code when there is one', () => {
    expect(
      errorFromResponse(500, { message: 'Server error', data: null, code: 'SERVER_ERROR' }).code,
    ).toBe('SERVER_ERROR');
  });

  it('other statuses show the server message when there is one', () => {
    const error = errorFromResponse(409, {
      message: 'Insufficient balance.',
      data: null,
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(error.message).toBe('Insufficient balance.');
    expect(error.code).toBe('INSUFFICIENT_BALANCE');
    expect(error.kind).toBe('http');
    expect(errorFromResponse(403, { message: 'Not yours.', data: null, code: 'FORBIDDEN' }).message).toBe(
      'Not yours.',
    );
  });

  it('issue 56: an ended session reads in the app’s words, with what to do next', () => {
    const error = errorFromResponse(401, {
      message: 'You are not signed in, or your session has ended. Sign in again.',
      data: null,
      code: 'UNAUTHENTICATED',
    });
    expect(error.title).toBe('Signed out');
    expect(error.message).toBe('You were signed out on this device. Sign in again.');
    expect(errorToastText(error)).not.toMatch(/unauthenticated|unauthorized/i);
  });

  it('keeps 422 field errors', () => {
    const error = errorFromResponse(422, {
      message: 'The given data was invalid.',
      data: null,
      errors: { email: ['The email has already been taken.'], phone: ['Bad phone.', 'Second.'] },
    });
    expect(error.fieldErrors).toEqual({
      email: ['The email has already been taken.'],
      phone: ['Bad phone.', 'Second.'],
    });
  });

  it('passes an ApiError through unchanged', () => {
    const original = errorFromResponse(404, { message: 'Not found.', data: null });
    expect(toApiError(original)).toBe(original);
  });
});

describe('first field error rule', () => {
  it('shows the first field error when there is one', () => {
    const error = errorFromResponse(422, {
      message: 'The given data was invalid.',
      data: null,
      errors: { email: ['The email has already been taken.'], password: ['Too short.'] },
    });
    expect(firstFieldError(error)).toBe('The email has already been taken.');
  });

  it('falls back to the message', () => {
    expect(
      firstFieldError(errorFromResponse(422, { message: 'Wrong login or password.', data: null })),
    ).toBe('Wrong login or password.');
    expect(
      firstFieldError(
        new ApiError({ title: 'x', message: 'Only message', kind: 'http', fieldErrors: { a: [] } }),
      ),
    ).toBe('Only message');
  });
});
