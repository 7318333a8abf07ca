import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createElement as compatCreateElement } from 'preact/compat';
import { createRoot as compatCreateRoot } from 'preact/compat/client';
import { describe, expect, it } from 'vitest';

describe('the runtime under test', () => {
  it('is preact/compat, the runtime the build ships (decision 013)', () => {
    expect(createElement).toBe(compatCreateElement);
    expect(createRoot).toBe(compatCreateRoot);
  });
});
