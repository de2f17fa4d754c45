import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { SiteAccessAction } from '../sites/access.ts';
import { callerOfUser } from '../sites/callers.ts';
import { type DemoUsername, useTestApi } from '../testing/api.ts';
import { setSiteFlags, submitFile } from '../testing/site-file-fixtures.ts';
import { requireFilesAccess } from './file-access.ts';

/**
 * `requireFilesAccess`, the one way the bulk actions reach many files (issue 27 item 10): 404 for any id not a live
 * file the caller sees (before any flag is asked, so a 403 never confirms a foreign id), 403 for the first site whose
 * flag refuses, the files in the order asked, another firm's ids never reached, and rows locked in id order.
 */

const api = useTestApi();
let bakery: string; // Bob's
let taxes: string; // Alice's (ACME-1002)
const bobFiles: string[] = [];
let aliceFile: string;
let globexFile: string;

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  taxes = api.siteId('ACME-1002');
  await setSiteFlags(api, bakery);
  await setSiteFlags(api, taxes);
  for (const name of ['one.pdf', 'two.pdf', 'three.pdf'])
    bobFiles.push(await submitFile(api, 'bob', bakery, name));
  aliceFile = await submitFile(api, 'alice', taxes, 'alice.pdf');
  const globex = await api.db.query<{ id: string }>(
    "SELECT id FROM files WHERE tenant_code = 'globex' AND deleted_at IS NULL LIMIT 1",
  );
  globexFile = globex.rows[0]!.id;
});
beforeEach(() => setSiteFlags(api, bakery));

async function callerOf(tx: Queryable, userId: string, tenant: string): Promise<Caller> {
  return (await callerOfUser(tx, tenant, userId))!;
}

/** What `requireFilesAccess` answers `user` for `ids`: the ids reached, or the refusal's status and code. */
const reach = async (user: DemoUsername, action: SiteAccessAction, ids: string[], tenant = 'acme') => {
  // The id first: one connection of PGlite is the transaction's until it ends.
  const userId = await api.userId(user);
  return api.db.withTenant(tenant, async (tx) => {
    try {
      const files = await requireFilesAccess(tx, await callerOf(tx, userId, tenant), action, ids, {
        lock: true,
      });
      return files.map((f) => f.id);
    } catch (error) {
      if (error instanceof AppError) return `${error.status} ${error.code}`;
      throw error;
    }
  });
};

describe('requireFilesAccess', () => {
  it('answers every file, in the order asked, to staff and to a member whose flag allows', async () => {
    const asked = [bobFiles[2]!, bobFiles[0]!, bobFiles[1]!];
    expect(await reach('carol', 'files.move', asked)).toEqual(asked);
    expect(await reach('bob', 'files.move', asked)).toEqual(asked);
    expect(
      await reach(
        'bob',
        'files.move',
        asked.map((id) => id.toUpperCase()),
      ),
    ).toEqual(asked);
  });

  it('answers 404 before 403: an id the caller does not see wins over a flag that refuses', async () => {
    await setSiteFlags(api, bakery, ['internalFilesMove']);
    expect(await reach('bob', 'files.move', [bobFiles[0]!])).toBe('403 settings.forbidden');
    expect(await reach('bob', 'files.move', [bobFiles[0]!, aliceFile])).toBe('404 files.not_found');
    expect(await reach('bob', 'files.move', [aliceFile, bobFiles[0]!])).toBe('404 files.not_found');
    // Staff pass every flag.
    expect(await reach('carol', 'files.move', [bobFiles[0]!, aliceFile])).toEqual([bobFiles[0]!, aliceFile]);
  });

  it('never reaches another firm’s file, whoever asks, nor a deleted or unknown one', async () => {
    expect(await reach('carol', 'files.delete', [bobFiles[0]!, globexFile])).toBe('404 files.not_found');
    expect(await reach('dave', 'files.delete', [bobFiles[0]!], 'globex')).toBe('404 files.not_found');
    expect(await reach('carol', 'files.delete', ['00000000-0000-4000-8000-000000000000'])).toBe(
      '404 files.not_found',
    );
    const gone = await submitFile(api, 'bob', bakery, 'gone.pdf');
    await api.db.query('UPDATE files SET deleted_at = now() WHERE id = $1', [gone]);
    expect(await reach('carol', 'files.delete', [bobFiles[0]!, gone])).toBe('404 files.not_found');
  });

  it('a client who is not a member of a file’s site gets 404', async () => {
    expect(await reach('alice', 'files.move', [aliceFile])).toEqual([aliceFile]);
    expect(await reach('alice', 'files.move', [aliceFile, bobFiles[0]!])).toBe('404 files.not_found');
  });

  // Two transactions at once need a server database (PGlite runs one at a time).
  it.runIf(process.env.PORTICO_TEST_DB === 'postgres')(
    'locks the rows in id order, whatever order they are asked in',
    async () => {
      const [low, high] = [...bobFiles].sort();
      const acme = 'acme';
      let releaseFirst!: () => void;
      const firstHolds = new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      let firstLocked!: () => void;
      const firstHasLock = new Promise<void>((resolve) => {
        firstLocked = resolve;
      });
      // A holds the higher id.
      const a = api.db.withTenant(acme, async (tx) => {
        await tx.query('SELECT id FROM files WHERE id = $1 FOR UPDATE', [high]);
        firstLocked();
        await firstHolds;
      });
      await firstHasLock;
      // B asks for [high, low]: in id order it takes low first, then waits for high.
      const b = reach('carol', 'files.move', [high!, low!]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const lowIsHeld = await api.db.withTenant(acme, async (tx) => {
        try {
          await tx.query('SELECT id FROM files WHERE id = $1 FOR UPDATE NOWAIT', [low]);
          return false;
        } catch {
          return true;
        }
      });
      releaseFirst();
      await a;
      expect(await b).toEqual([high, low]);
      expect(lowIsHeld).toBe(true);
    },
  );
});
