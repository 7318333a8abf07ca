import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A unit test fails when something logs through console.error: React's warnings (act, keys,
 * invalid DOM nesting) and our own error reports land there, and a passing test that prints
 * one hides a bug. A test that expects a logged error spies on console.error itself and
 * asserts on it; its own spy replaces this one for that test.
 */
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' '));
  });
});

afterEach(() => {
  const lines = logged;
  logged = [];
  if (lines.length > 0) {
    throw new Error(`console.error was called ${lines.length} time(s):\n${lines.join('\n---\n')}`);
  }
});
