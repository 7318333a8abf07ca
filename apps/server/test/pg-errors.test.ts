import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/pg-errors';
import { toErrorResponse } from '../src/errors/error-handler';

const withCode = (code: string, message = 'boom') => Object.assign(new Error(message), { code });
/** How Drizzle wraps a driver error. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

describe('database unavailable (503) or a bug (500)', () => {
  it('connection failures, shutdowns, timeouts and class 08 are "unavailable", also wrapped', () => {
    const unavailable = [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('ETIMEDOUT'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''),
    ];
    for (const error of unavailable) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      expect(isDatabaseUnavailable(wrapped(error)), `wrapped ${error.message}`).toBe(true);
      expect(toErrorResponse(wrapped(error))).toMatchObject({
        status: 503,
        body: { code: 'SERVICE_UNAVAILABLE' },
      });
    }
  });

  it('statement errors and bugs stay 500', () => {
    for (const error of [
      withCode('23505', 'duplicate key'),
      withCode('22P02', 'invalid input syntax'),
      withCode('42P01', 'relation does not exist'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new Error('secret internal detail'),
    ]) {
      expect(isDatabaseUnavailable(wrapped(error)), error.message).toBe(false);
      expect(toErrorResponse(wrapped(error))).toMatchObject({
        status: 500,
        body: { code: 'SERVER_ERROR' },
      });
    }
  });
});
