import { defineConfig } from 'vitest/config';

// The fault suite (`npm run test:faults`): real server processes killed, restarted and starved
// on purpose. One file at a time (the faults must not disturb each other's figures), in forked
// processes, with long timeouts. The root `vitest.config.ts` does not include these files.
export default defineConfig({
  test: {
    name: 'faults',
    root: import.meta.dirname,
    environment: 'node',
    include: ['*.fault.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 1_200_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
  },
});
