import { defineConfig } from 'vitest/config';

// Server tests run against PGlite, and again against the PostgreSQL server in DATABASE_URL when it is set.
const serverTests = ['apps/server/src/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        test: {
          name: 'pglite',
          include: [...serverTests, 'packages/contracts/src/**/*.test.ts'],
          env: { PORTICO_TEST_DB: 'pglite' },
        },
      },
      ...(process.env.DATABASE_URL
        ? [{ test: { name: 'postgres', include: serverTests, env: { PORTICO_TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
