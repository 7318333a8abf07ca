import { describe, expect, it } from 'vitest';
import { resolveHandle } from './route-handle';

describe('layout per route', () => {
  it("falls back to 'default'", () => {
    expect(resolveHandle([undefined, {}])).toEqual({ layout: 'default', dark: false, title: null, focused: false });
  });

  it('lets the deepest route decide', () => {
    expect(resolveHandle([{ layout: 'admin', dark: true }, { title: 'Users' }])).toEqual({
      layout: 'admin',
      dark: true,
      title: 'Users',
      focused: false,
    });
    expect(
      resolveHandle([{ layout: 'public' }, { layout: 'auth', dark: true, title: 'Log in' }]),
    ).toMatchObject({
      layout: 'auth',
      dark: true,
    });
  });
});
