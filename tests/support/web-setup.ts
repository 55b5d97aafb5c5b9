// Setup for the `web` vitest project (jsdom): jest-dom matchers, the browser APIs antd
// expects and jsdom lacks, a clean slate per test, and a failing test for any console.error
// (React act() and key warnings, antd deprecation warnings, jsdom "not implemented").
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

// Pages are React.lazy chunks that vitest transforms on first use: give findBy* time for that.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 15_000 });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverShim {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverShim as unknown as typeof ResizeObserver;

// jsdom cannot compute styles of pseudo-elements and reports it through console.error;
// antd asks for them (scrollbar size, wave effect). The element's own style is a fine answer.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

// React tells about act() and key problems through console.error: each one fails the test.
let consoleErrors: string[] = [];
const originalError = console.error;
console.error = (...args: unknown[]) => {
  consoleErrors.push(args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '));
  originalError(...args);
};

beforeEach(() => {
  consoleErrors = [];
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  const errors = consoleErrors;
  consoleErrors = [];
  expect(errors, 'console.error was called').toEqual([]);
});
