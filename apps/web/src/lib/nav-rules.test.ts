import { describe, expect, it } from 'vitest';
import { isHomeActive } from './nav-rules';

describe('Home highlight', () => {
  it.each(['/my_ids', '/demo_ids', '/create_id', '/create_id/', '/'])('is on for %s', (path) => {
    expect(isHomeActive(path)).toBe(true);
  });

  it.each(['/media', '/reviews', '/contacts', '/profile', '/my_ids/4', '/create_id/2', '/admin'])(
    'is off for %s',
    (path) => {
      expect(isHomeActive(path)).toBe(false);
    },
  );
});
