import { describe, expect, it } from 'vitest';
import { pageRange, pageSlots, readPage } from './pagination';

describe('pageSlots', () => {
  it('lists every page when there are few', () => {
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(2, 3)).toEqual([1, 2, 3]);
    expect(pageSlots(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps first, last and the neighbours of the current page, with gaps between', () => {
    expect(pageSlots(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageSlots(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageSlots(10, 10)).toEqual([1, 'gap', 9, 10]);
  });

  it('never hides a single page behind a gap', () => {
    expect(pageSlots(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageSlots(7, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });

  it('clamps a page beyond the end', () => {
    expect(pageSlots(40, 3)).toEqual([1, 2, 3]);
  });
});

describe('readPage', () => {
  it.each([
    [null, 1],
    ['', 1],
    ['3', 3],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['abc', 1],
    ['99999999999', 1],
  ])('reads %j as %d', (raw, page) => {
    expect(readPage(raw)).toBe(page);
  });
});

describe('pageRange', () => {
  it('describes the items on the page', () => {
    expect(pageRange(1, 15, 42)).toBe('1–15 of 42');
    expect(pageRange(3, 15, 42)).toBe('31–42 of 42');
    expect(pageRange(1, 15, 0)).toBe('0 of 0');
  });
});
