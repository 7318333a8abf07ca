import { MARQUEE_MIN_LENGTH } from '@iddesk/contract';
import { describe, expect, it } from 'vitest';
import { isMarqueeVisible } from './marquee';

describe('marquee visibility', () => {
  it('needs more than one character', () => {
    expect(MARQUEE_MIN_LENGTH).toBe(1);
    expect(isMarqueeVisible('')).toBe(false);
    expect(isMarqueeVisible('A')).toBe(false);
    expect(isMarqueeVisible('Hi')).toBe(true);
    expect(isMarqueeVisible('Deposits are processed within 10 minutes.')).toBe(true);
  });

  it('ignores surrounding whitespace and missing text', () => {
    expect(isMarqueeVisible('   x   ')).toBe(false);
    expect(isMarqueeVisible(null)).toBe(false);
    expect(isMarqueeVisible(undefined)).toBe(false);
  });
});
