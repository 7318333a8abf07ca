import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// lib/toast keeps in module state whether sonner was asked for, so each test loads the host,
// lib/toast and the renderer afresh (all three from one module graph: one Preact).
async function mountToaster() {
  vi.resetModules();
  const testing = await import('@testing-library/react');
  const { Toaster } = await import('./toaster');
  const { sonnerWanted } = await import('../../lib/toast');
  testing.render(<Toaster />);
  unmount = testing.cleanup;
  return { wanted: sonnerWanted, act: testing.act };
}
let unmount = () => {};

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom has no matchMedia; the host asks it whether it is on a phone.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterEach(() => {
    unmount();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('leaves sonner out of the first seconds of a page nobody touches', async () => {
    const { wanted, act } = await mountToaster();
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(wanted.get()).toBe(false);
  });

  it('loads sonner on the first key, before a toast the user could cause', async () => {
    const { wanted, act } = await mountToaster();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    });
    expect(wanted.get()).toBe(true);
  });

  it('loads sonner on the first tap', async () => {
    const { wanted, act } = await mountToaster();
    act(() => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(wanted.get()).toBe(true);
  });

  it('loads sonner on its own once the page has been idle 10 s', async () => {
    const { wanted, act } = await mountToaster();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    // requestIdleCallback, where there is one, has 10 s more at most.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(wanted.get()).toBe(true);
  });
});
