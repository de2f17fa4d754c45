import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { keepNodeCompileCache } from './scripts/node-compile-cache.ts';

// A server process's start went from 15 s to 9–11 s on a loaded runner with Node's compiled code kept (decision 72).
keepNodeCompileCache();

// Server tests run against PGlite, and again against the PostgreSQL server in DATABASE_URL when it is set.
const serverTests = ['apps/server/src/**/*.test.ts'];

/**
 * Whether a server test can answer differently on PostgreSQL: it imports a test helper (they open the database of
 * the engine under test), the server itself or a database, or reads the variables that choose the engine. The
 * others (pure logic, streams, files, PGlite's own protocol) prove the same thing twice, so they run once.
 */
const ENGINE_MODULES = /(^|\/)(testing\/[^/]+|db\/open-database|db\/postgres-database|main)\.ts$/;
function dependsOnDatabaseEngine(file: string, source: string): boolean {
  if (/PORTICO_TEST_DB|DATABASE_URL/.test(source)) return true;
  return [...source.matchAll(/(?:from |import\()'(\.{1,2}\/[^']+)'/g)].some(([, specifier]) =>
    ENGINE_MODULES.test(path.join(path.dirname(file), specifier!)),
  );
}

/** The test files of `patterns` (relative to this folder) whose path and source `keep` accepts. */
function testFilesWhere(patterns: string[], keep: (file: string, source: string) => boolean): string[] {
  return patterns
    .flatMap((pattern) => globSync(pattern, { cwd: import.meta.dirname }))
    .filter((file) => keep(file, readFileSync(path.join(import.meta.dirname, file), 'utf8')));
}
const databaseTests = testFilesWhere(serverTests, dependsOnDatabaseEngine);

// The front ends' tests, in jsdom.
const webTests = [
  'packages/web-shell/src/**/*.test.{ts,tsx}',
  'apps/portal/src/**/*.test.{ts,tsx}',
  'apps/control-panel/src/**/*.test.{ts,tsx}',
];
/**
 * A front-end test that replaces a module (`vi.mock`) needs a module graph of its own: where the files of a worker
 * share theirs, a module imported by an earlier file keeps the real one. These run isolated; the others share.
 */
const mockingWebTests = testFilesWhere(webTests, (_file, source) => /\bvi\.mock\(/.test(source));
/** What both front-end projects share: jsdom, and the set-up that clears what a test leaves behind. */
const inJsdom = { environment: 'jsdom' as const, setupFiles: ['packages/web-shell/src/testing/setup.ts'] };

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default on 2 cores is 1 worker, one test file after another, while a server test mostly waits on
    // its database, its server or a timer: three files at a time. With two the CPU stood a third idle (64–72 %
    // busy); with three, 82 %, and the stage took 540 s instead of 613–656 s (2026-11-29, decision 77). A project
    // takes this from here: the command line's `--maxWorkers` does not reach it.
    maxWorkers: 3,
    projects: [
      {
        // Without `extends`, an inline project ignores the root's timeouts.
        extends: true,
        test: {
          name: 'pglite',
          // A server test file imports most of the server (3 s of a worker's time on a loaded runner, 500 s of a
          // CI run's unit stage in all): the files of one worker share those modules instead of importing them
          // afresh (decision 74). Each file still starts its own server and database; none relies on a module's
          // state being new.
          isolate: false,
          include: [...serverTests, 'packages/contracts/src/**/*.test.ts', 'e2e/support/**/*.test.ts'],
          env: { PORTICO_TEST_DB: 'pglite' },
          globalSetup: ['apps/server/src/testing/pglite-template.ts'],
        },
      },
      {
        // The front ends: web-shell, portal and control-panel components and state, in jsdom. The files of a
        // worker share one jsdom and their modules (58 s → 14 s for the 66 files, 2026-11-29; decision 77): the
        // setup file clears what a test leaves in the document, the storages and the notifications.
        extends: true,
        test: {
          name: 'web',
          ...inJsdom,
          isolate: false,
          include: webTests,
          exclude: mockingWebTests,
        },
      },
      {
        // As `web`, each file with modules and a jsdom of its own: the files that replace a module.
        extends: true,
        test: {
          name: 'web-isolated',
          ...inJsdom,
          include: mockingWebTests,
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: databaseTests,
                env: { PORTICO_TEST_DB: 'postgres' },
                // As the PGlite project's files (decision 74).
                isolate: false,
              },
            },
          ]
        : []),
    ],
  },
});
