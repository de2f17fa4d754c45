import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../db/open-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder with every migration applied, made once per test run (`createPgliteTemplate`). */
    pgliteTemplate: string;
  }
}

/**
 * Vitest's global setup of the PGlite project: one empty PGlite database migrated as a server migrates it (initdb
 * and every migration, which on PGlite take seconds), then closed. Each test server and test database starts on a
 * copy of its folder instead; `migrate` then finds nothing left to do. A cold start on an empty folder stays
 * proven here, by `main.test.ts` (real processes) and by the browser specs.
 */
export default async function createPgliteTemplate({
  provide,
}: {
  provide(key: 'pgliteTemplate', value: string): void;
}): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-pglite-template-'));
  const db = await openDatabase({ dataDir, databaseUrl: undefined });
  await db.close();
  provide('pgliteTemplate', path.join(dataDir, 'pglite'));
  return () => rm(dataDir, { recursive: true, force: true });
}

/** Puts a copy of the migrated template into `dataDir` as its PGlite database, when the run made one. */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  const template = inject('pgliteTemplate');
  if (template) await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
}
