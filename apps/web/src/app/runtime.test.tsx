import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { jsx } from 'react/jsx-runtime';
import { createElement as compatCreateElement } from 'preact/compat';
import { createRoot as compatCreateRoot } from 'preact/compat/client';
import { jsx as preactJsx } from 'preact/jsx-runtime';
import { isValidElement } from 'preact';
import { describe, expect, it } from 'vitest';

describe('the runtime under test', () => {
  it('is preact/compat, the runtime the build ships (decisions 013, 016)', () => {
    expect(createElement).toBe(compatCreateElement);
    expect(createRoot).toBe(compatCreateRoot);
    expect(jsx).toBe(preactJsx);
  });

  it("compiles this project's JSX to Preact's runtime", () => {
    // Preact's own check (its vnode marker), which a React element fails.
    expect(isValidElement(<div />)).toBe(true);
  });
});
