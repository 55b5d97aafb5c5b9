// Setup for the `web` vitest project (jsdom): jest-dom matchers, the browser APIs antd
// expects and jsdom lacks, a clean slate per test, and a failing test for any console.error
// (React act() and key warnings, antd deprecation warnings, jsdom "not implemented").
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

// Pages are React.lazy chunks that vitest transforms on first use: give findBy* time for that,
// as long as expect.poll waits, on a 2-core machine running both workers.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 20_000 });

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

// getComputedStyle: jsdom runs the full cascade over every stylesheet on each call, and antd
// injects hundreds of CSS-in-JS rules while testing-library asks for the style of every
// ancestor on each getByRole: that cascade was three quarters of the web project's time (a
// shell file went from 33 s to 6 s without it). Tests see a style model instead: the element's
// inline style, `display: none` for the hidden attribute and for antd's `<prefix>-hidden`
// classes (how antd hides closed popups and inactive panes). It also answers for
// pseudo-elements, which jsdom reports through console.error.
window.getComputedStyle = (element: Element) => {
  const computed = document.createElement('div').style;
  const inline = (element as HTMLElement).style;
  if (inline) for (let i = 0; i < inline.length; i += 1) computed.setProperty(inline[i], inline.getPropertyValue(inline[i]));
  const hiddenByClass = [...element.classList].some((name) => name.endsWith('-hidden'));
  if ((element as HTMLElement).hidden || hiddenByClass) computed.setProperty('display', 'none');
  return computed;
};

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
