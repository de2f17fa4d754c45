import { defineConfig } from 'vitest/config';

// Server tests run against PGlite, and again against the PostgreSQL server in DATABASE_URL when it is set.
const serverTests = ['apps/server/src/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        // Without `extends`, an inline project ignores the root's timeouts.
        extends: true,
        test: {
          name: 'pglite',
          include: [...serverTests, 'packages/contracts/src/**/*.test.ts', 'e2e/support/**/*.test.ts'],
          env: { PORTICO_TEST_DB: 'pglite' },
          globalSetup: ['apps/server/src/testing/pglite-template.ts'],
        },
      },
      {
        // The front ends: web-shell and portal components and state, in jsdom.
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: [
            'packages/web-shell/src/**/*.test.{ts,tsx}',
            'apps/portal/src/**/*.test.{ts,tsx}',
            'apps/control-panel/src/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['packages/web-shell/src/testing/setup.ts'],
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              extends: true as const,
              test: { name: 'postgres', include: serverTests, env: { PORTICO_TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
