import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type LoggerOptions, pino } from 'pino';
import { loggerOptions, redactSecrets, redactUrl } from '../src/lib/logger';

describe('log format', () => {
  it('writes JSON lines to stdout unless a person is reading', () => {
    const options = loggerOptions('info', 'json') as { stream?: unknown };
    expect(options.stream).toBeUndefined();
  });

  it('formats lines for a terminal when asked', () => {
    const options = loggerOptions('info', 'pretty') as { stream?: Writable };
    expect(options.stream).toBeInstanceOf(Writable);
  });

  it('lets a test capture the lines whatever the format', () => {
    const capture = new Writable({ write: (_chunk, _encoding, done) => done() });
    const options = loggerOptions('info', 'pretty', capture) as { stream?: unknown };
    expect(options.stream).toBe(capture);
  });
});

describe('secrets in log lines', () => {
  /** A pino logger built with the app's options, and the lines it wrote, parsed. */
  function capturingLogger() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    return { log: pino(loggerOptions('trace', 'json', stream) as LoggerOptions, stream), lines };
  }

  it('replaces a secret under any key of a line (a child logger\'s too) and in headers, and changes nothing logged', () => {
    const { log, lines } = capturingLogger();
    const body = { login: 'asha@example.com', password: 'hunter2 words', password_confirmation: 'hunter2 words' };
    const headers = { authorization: 'Bearer abc.def', cookie: 'sid=1', accept: 'text/html' };
    log.info({ body, headers, user: { id: 7, api_token: 'tok-1', passwordHash: '$argon2id$x' } }, 'a line');
    log.child({ reqId: 'r9' }).warn({ account: { token: 'reset-tok', id: 3 }, busboyOptions: { headers: { cookie: 'sid=2' }, limits: 1 } }, 'child');
    const error = Object.assign(new Error('refused'), { current_password: 'old words' });
    log.error({ err: error }, 'failed');

    const [first, second, third] = lines;
    expect(first).toMatchObject({
      msg: 'a line',
      body: { login: 'asha@example.com', password: '[redacted]', password_confirmation: '[redacted]' },
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'text/html' },
      user: { id: 7, api_token: '[redacted]', passwordHash: '[redacted]' },
    });
    expect(second).toMatchObject({ reqId: 'r9', account: { token: '[redacted]', id: 3 }, busboyOptions: { headers: { cookie: '[redacted]' }, limits: 1 } });
    expect(third).toMatchObject({ err: { message: 'refused', type: 'Error', current_password: '[redacted]' } });
    expect((third!.err as { stack: string }).stack).toContain('refused');
    // The objects the caller logged are as they were.
    expect(body.password).toBe('hunter2 words');
    expect(headers.authorization).toBe('Bearer abc.def');
    expect(error.current_password).toBe('old words');
    const text = JSON.stringify(lines);
    for (const secret of ['hunter2', 'abc.def', 'sid=', 'tok-1', 'argon2id', 'reset-tok', 'old words']) expect(text).not.toContain(secret);
  });

  it('leaves a line without secrets as it is, and a URL without one untouched', () => {
    const line = { reqId: 'r1', res: { statusCode: 200 }, responseTime: 1.5 };
    expect(redactSecrets(line)).toBe(line);
    expect(redactUrl('/api/admin/bills?pending=1')).toBe('/api/admin/bills?pending=1');
    expect(redactUrl('/api/x?Access_Token=abc&page=2')).toBe('/api/x?Access_Token=[redacted]&page=2');
  });
});
