import { Writable } from 'node:stream';
import fc from 'fast-check';
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

/** `text` percent-decoded until it no longer changes: what a reader of the log could recover. */
function decoded(text: string): string {
  let current = text;
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

const TOKEN_CHARS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'];
const percent = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
/** One character as a URL may spell it: itself, percent-encoded (either case), or encoded twice. */
const spellChar = (char: string) =>
  fc.constantFrom(char, percent(char), percent(char).toLowerCase(), `%25${percent(char).slice(1)}`);
/** A text spelled character by character, mostly as itself. */
const spelled = (text: string) =>
  fc.tuple(...[...text].map((char) => fc.oneof({ weight: 3, arbitrary: fc.constant(char) }, { weight: 1, arbitrary: spellChar(char) }))).map((parts) => parts.join(''));
/** A path separator: one slash or several, a `.` segment, an encoded slash. */
const separator = fc.constantFrom('/', '//', '///', '/./', '/%2F', '/%2f/', '/.//');

describe('issue 51 finding 7: a reset link is redacted however its path is spelled', () => {
  it('the examples: an encoded letter, doubled slashes', () => {
    const token = 'LiveResetToken_abcdefghijklmnopqrstuvwxyz0123';
    for (const url of [
      `/%72eset_password/${token}`,
      `//reset_password/${token}`,
      `/reset_password//${token}`,
      `/api//reset_password/${token}?from=mail`,
      `/%2572eset_password/${token}`,
      `/reset_password/${token.slice(0, 5)}%${token.charCodeAt(5).toString(16)}${token.slice(6)}`,
      `/./reset_password/./${token}`,
      `/RESET_PASSWORD/${token}`,
      `/reset_password%2F${token}`,
      `/login?next=%2Freset_password%2F${token}`,
      `/x#token=${token}`,
    ]) {
      const logged = redactUrl(url);
      expect(decoded(logged), url).not.toContain(token);
      expect(logged, url).toContain('[redacted]');
    }
    expect(redactUrl(`/%72eset_password/${token}?from=mail`)).toBe('/reset_password/[redacted]?from=mail');
  });

  it('property: no spelling of /reset_password/<token> leaves the token in the logged URL', () => {
    const token = fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 16, maxLength: 64 });
    const url = fc
      .record({
        prefix: fc.constantFrom('', '/api', '/API'),
        before: separator,
        name: fc.constantFrom('reset_password', 'RESET_PASSWORD', 'Reset_Password').chain(spelled),
        after: separator,
        token,
        end: fc.constantFrom('', '/', '?from=mail', '/?x=1&y=2', '#top'),
      })
      .chain(({ token: secret, ...parts }) =>
        spelled(secret).map((spelledToken) => ({
          secret,
          url: `${parts.prefix}${parts.before}${parts.name}${parts.after}${spelledToken}${parts.end}`,
        })),
      );
    fc.assert(
      fc.property(url, ({ secret, url: sent }) => {
        const logged = redactUrl(sent);
        expect(decoded(logged)).not.toContain(secret);
        expect(logged).toContain('[redacted]');
      }),
      { numRuns: 2000 },
    );
  });

  it('property: a URL without a secret is logged as it came', () => {
    const segment = fc
      .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_.%'), minLength: 1, maxLength: 12 })
      .filter((text) => !/reset|token/i.test(decoded(text)));
    const url = fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.option(fc.integer({ min: 1, max: 99 })))
      .map(([segments, page]) => `/${segments.join('/')}${page === null ? '' : `?page=${page}`}`);
    fc.assert(
      fc.property(url, (sent) => {
        expect(redactUrl(sent)).toBe(sent);
      }),
      { numRuns: 1000 },
    );
  });
});
