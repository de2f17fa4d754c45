import { randomBytes } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import { useTestApi } from '../testing/api.ts';
import { ORPHAN_AGE_MS, sweepOrphanBlobs } from './orphan-blobs.ts';

const api = useTestApi();

describe('the orphan blob sweep', () => {
  it('removes old blobs no row names and old half-written puts, and nothing else', async () => {
    const root = path.join(api.server.config.dataDir, 'blobs');
    const blobs = createFsBlobStore(root);
    const age = async (key: string) => {
      const then = new Date(Date.now() - ORPHAN_AGE_MS - 60_000);
      await utimes(path.join(root, key), then, then);
    };

    // A pending upload (its row in `uploads`) and the demo's published files (rows in `files`), all made old.
    const uploaded = await api
      .as('bob')
      .upload(api.siteId('ACME-1001'), [
        { name: 'pending.pdf', bytes: randomBytes(1000), type: 'application/pdf' },
      ]);
    expect(uploaded.status).toBe(201);
    const { rows: named } = await api.db.query<{ blob_key: string }>(
      'SELECT blob_key FROM uploads UNION ALL SELECT blob_key FROM files',
    );
    expect(named.length).toBeGreaterThan(1);
    for (const { blob_key } of named) await age(blob_key);

    // Orphans: an old one, a recent one (perhaps a put whose row is on its way), an old half-written put.
    await blobs.put('acme/00000000-0000-4000-8000-00000000dead', Readable.from([Buffer.from('orphan')]));
    await age('acme/00000000-0000-4000-8000-00000000dead');
    await blobs.put('globex/00000000-0000-4000-8000-0000000000ee', Readable.from([Buffer.from('recent')]));

    expect(await sweepOrphanBlobs(api.db, blobs)).toEqual({ orphans: 1, abandonedWrites: 0 });
    expect(await blobs.stat('acme/00000000-0000-4000-8000-00000000dead')).toBeUndefined();
    expect(await blobs.stat('globex/00000000-0000-4000-8000-0000000000ee')).toMatchObject({ size: 6 });
    for (const { blob_key } of named) expect(await blobs.stat(blob_key), blob_key).toBeDefined();

    // Nothing left to remove the second time.
    expect(await sweepOrphanBlobs(api.db, blobs)).toEqual({ orphans: 0, abandonedWrites: 0 });
  });
});
