import { defineConfig } from 'vitest/config';

/**
 * Browser end-to-end specs: the real server (built front ends, PGlite, embedded provider) driven through
 * Chromium. On 2 cores the server and the browser already compete, so spec files run one after another.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.spec.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // Each spec's server starts on a copy of one migrated PGlite database instead of an empty folder (seconds
    // each); the tus spec's server process, `main.test.ts` and the cluster still start from nothing.
    globalSetup: process.env.E2E_CLUSTER === '1' ? [] : ['apps/server/src/testing/pglite-template.ts'],
  },
});
