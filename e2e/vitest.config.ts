import { defineConfig } from 'vitest/config';
import { keepNodeCompileCache } from '../scripts/node-compile-cache.ts';

// The specs' server processes and the cluster's, as in the unit tests (decision 72).
keepNodeCompileCache();

/**
 * Browser end-to-end specs: the real server (built front ends, PGlite, embedded provider) driven through
 * Chromium. Two spec files at a time: each mostly waits (for its server, the browser's frames, mail batches), and on
 * 2 cores two at once took 102 s where one after the other took 138 s (four specs, 2026-11-27). Through the cluster
 * (`E2E_CLUSTER=1`) too: each spec file starts a cluster of its own (its own database, s3rver, ports and nginx), and
 * the cluster step's five files took 131–136 s two at a time against 192 s one at a time (decision 80).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.spec.ts'],
    // What a failed test's pages showed, after the summary (where a CI log is read).
    reporters: ['default', './e2e/support/failed-pages-reporter.ts'],
    // The spec files of a worker share its modules (the server's seed data, Playwright, the helpers) instead of
    // importing them afresh; each still starts its own server and browser (decision 77).
    isolate: false,
    maxWorkers: 2,
    testTimeout: 60_000,
    // What a page shows after an action is polled for up to 10 s, not Vitest's 1 s: on a busy runner a list's
    // refetch after a save can take longer than that (decision 77). A poll that passes returns at once all the same.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    // Each spec's server starts on a copy of one migrated PGlite database instead of an empty folder (seconds
    // each); the tus spec's server process, `main.test.ts` and the cluster still start from nothing.
    globalSetup: process.env.E2E_CLUSTER === '1' ? [] : ['apps/server/src/testing/pglite-template.ts'],
  },
});
