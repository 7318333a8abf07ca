import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/lib/logger';

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
