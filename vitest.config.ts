import { defineConfig } from 'vitest/config';

/**
 * A known fault of the test tooling, not of Selah: when a web test's request is aborted (the
 * app cancels its queries on sign-out) while MSW's mock socket is closing, Node's fetch
 * (undici) fails an internal assertion on the socket's late "close". Real sockets are destroyed
 * on abort, so browsers and the server never meet it. Only that exact error is ignored.
 */
function isMswAbortRace(error: { message?: string; stack?: string }): boolean {
  const stack = error.stack ?? '';
  return (
    (error.message ?? '').includes('assert(!this.aborted)') &&
    stack.includes('undici') &&
    stack.includes('@mswjs/interceptors')
  );
}

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'bench', 'bench/vitest.web.config.ts'],
    onUnhandledError: (error) => !isMswAbortRace(error as Error),
  },
});
