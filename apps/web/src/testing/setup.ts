import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { useAuthStore } from '@/stores/auth-store';
import { useThemeStore } from '@/stores/theme-store';
import { server } from './msw/server';

// findBy*/waitFor wait up to 5 s (1 s by default): on a two-core machine shared with the server
// suites a page's second render has taken longer than a second.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Radix, sonner and the layout use.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    configurable: true,
    value: ResizeObserverStub,
  });
}
for (const [name, value] of [
  ['scrollIntoView', () => undefined],
  ['hasPointerCapture', () => false],
  ['releasePointerCapture', () => undefined],
] as const) {
  if (!(name in Element.prototype)) {
    Object.defineProperty(Element.prototype, name, { configurable: true, value });
  }
}
// React Router's scroll restoration calls it; jsdom only logs "not implemented".
window.scrollTo = () => undefined;

// Every request must have a handler (onUnhandledRequest: 'error' in MSW 2 terms). The app turns
// a failed fetch into an error state, so record unhandled requests and fail the test in afterEach.
const unhandledRequests: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledFrame: async ({ frame }) => {
      unhandledRequests.push(await frame.getUnhandledMessage());
      throw new Error('Unhandled request');
    },
  }),
);

// Tests fail on unexpected console.error (React warnings, failed prop types, act() leaks).
// A test that expects one can mock console.error itself.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  // sonner keeps toasts in a module-level store and replays them to the next Toaster.
  toast.dismiss();
  server.resetHandlers();
  useAuthStore.setState({ token: null, user: null });
  useThemeStore.setState({ theme: 'light', themeColor: 'slate', fontSize: 3, animations: null });
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-theme-color');
  document.documentElement.removeAttribute('data-font-size');
  document.documentElement.removeAttribute('data-reduce-motion');
  const unhandled = unhandledRequests.splice(0);
  if (unhandled.length > 0) {
    throw new Error(`Requests without an MSW handler:\n${unhandled.join('\n')}`);
  }
});

afterAll(() => server.close());
