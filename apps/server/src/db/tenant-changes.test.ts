import { expect, it } from 'vitest';
import { testDatabaseKind, useTwoProcessDatabases } from '../testing/test-database.ts';
import { announceTenantChange, listenForTenantChanges } from './tenant-changes.ts';

// Two handles on one PostgreSQL database, as two server processes have. PGlite has one process and no messages.
const databases = useTwoProcessDatabases();
const first = () => databases.first();
const second = () => databases.second();

it.skipIf(testDatabaseKind() === 'pglite')(
  "a tenant's change announced by one process reaches another's listener within a second",
  async () => {
    const heard: string[] = [];
    const listening = await listenForTenantChanges(
      second(),
      (tenant) => heard.push(tenant),
      () => {},
    );
    try {
      const started = Date.now();
      await announceTenantChange(first(), 'acme');
      await announceTenantChange(first(), 'globex');
      while (heard.length < 2 && Date.now() - started < 1000) await new Promise((r) => setTimeout(r, 10));
      expect(heard).toEqual(['acme', 'globex']);
    } finally {
      await listening.close();
    }
  },
);

it.skipIf(testDatabaseKind() === 'postgres')(
  'on PGlite announcing costs nothing and nobody listens',
  async () => {
    await announceTenantChange(first(), 'acme');
    expect(first().listen).toBeUndefined();
    await (
      await listenForTenantChanges(
        first(),
        () => {},
        () => {},
      )
    ).close();
  },
);
