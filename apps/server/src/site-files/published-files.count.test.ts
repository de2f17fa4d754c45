import type { PublishedFileCount, PublishedFileList, PublishedFilesResult } from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../testing/api.ts';
import { PDF_BYTES, uploadReferences } from '../testing/staff-access.ts';

// The unfiltered total comes from file_counts (migration 0005), kept by triggers on files; these tests hold it
// to a real count of the rows after every kind of change.
const api = useTestApi();
let bakery: string;
let other: string;

const path = '/t/acme/file-management/api/files/published-files';
const count = async (siteId: string) =>
  (await api.as('carol').get<PublishedFileCount>(`${path}?count=true&siteId=${siteId}`)).body.count;
const total = async (siteId: string, query = '') =>
  (await api.as('carol').get<PublishedFileList>(`${path}?siteId=${siteId}${query}`)).body.totalRecordCount;
const rowsCounted = async (siteId: string, direction = 'published') =>
  (
    await api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM files WHERE site_id = $1 AND direction = $2 AND deleted_at IS NULL`,
      [siteId, direction],
    )
  ).rows[0]!.n;
/** The badge, the table's total and a real count agree; returns that number. */
const exactCount = async (siteId: string) => {
  const n = await rowsCounted(siteId);
  expect(await count(siteId)).toBe(n);
  expect(await total(siteId)).toBe(n);
  return n;
};
const publish = async (siteId: string, titles: string[]) => {
  const references = await uploadReferences(
    api.as('carol'),
    siteId,
    titles.map((t) => ({ name: `${t}.pdf`, bytes: PDF_BYTES(t), type: 'application/pdf' })),
  );
  const published = await api
    .as('carol')
    .post<PublishedFilesResult>('/t/acme/file-management/api/staff/published-files', {
      siteId,
      files: references.map((referenceNumber) => ({ referenceNumber })),
    });
  expect(published.status).toBe(201);
  return published.body.records.map((r) => r.id);
};

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  other = api.siteId('ACME-1002');
});

describe('the Published Files total (file_counts)', () => {
  it('stays exact across publish, soft delete, a filtered query, hard delete and a move', async () => {
    const start = await exactCount(bakery);
    const otherStart = await exactCount(other);

    const ids = await publish(bakery, ['Count check alpha', 'Count check beta', 'Count check gamma']);
    expect(await exactCount(bakery)).toBe(start + 3);

    // A filtered query counts its own rows, not the site's counter.
    expect(await total(bakery, '&search=count%20check')).toBe(3);
    expect(await total(bakery, '&search=beta')).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(await total(bakery, `&from=${today}&to=${today}`)).toBeGreaterThanOrEqual(3);

    // Unpublishing is a soft delete (deleted_at); doing it again changes nothing.
    const unpublish = (id: string) =>
      api.as('carol').delete(`/t/acme/file-management/api/staff/published-files/${id}`);
    expect((await unpublish(ids[0]!)).status).toBe(204);
    expect((await unpublish(ids[0]!)).status).toBe(404);
    expect(await exactCount(bakery)).toBe(start + 2);
    expect(await total(bakery, '&search=count%20check')).toBe(2);

    // Other updates of a file leave the total alone; a restore counts it again.
    await api.db.query(`UPDATE files SET status = 'reviewed' WHERE id = ANY($1::uuid[])`, [ids]);
    expect(await exactCount(bakery)).toBe(start + 2);
    await api.db.query('UPDATE files SET deleted_at = NULL WHERE id = $1', [ids[0]]);
    expect(await exactCount(bakery)).toBe(start + 3);

    // A file moved to another site or direction leaves one count for the other.
    await api.db.query('UPDATE files SET site_id = $2 WHERE id = $1', [ids[1], other]);
    expect(await exactCount(bakery)).toBe(start + 2);
    expect(await exactCount(other)).toBe(otherStart + 1);
    await api.db.query(`UPDATE files SET direction = 'submitted' WHERE id = $1`, [ids[2]]);
    expect(await exactCount(bakery)).toBe(start + 1);

    // A hard delete of a live file and of an already soft-deleted one.
    await api.db.query('UPDATE files SET deleted_at = now() WHERE id = $1', [ids[1]]);
    expect(await exactCount(other)).toBe(otherStart);
    await api.db.query('DELETE FROM files WHERE id = ANY($1::uuid[])', [ids]);
    expect(await exactCount(bakery)).toBe(start);
    expect(await exactCount(other)).toBe(otherStart);
  });

  it('counts a bulk insert and a bulk soft delete in one statement each', async () => {
    const start = await exactCount(bakery);
    await api.db.query(
      `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key)
       SELECT 'acme', $1, d, 'Bulk ' || g, 'bulk.pdf', 'application/pdf', 1, repeat('c', 64), 'test/bulk-' || d || g
       FROM generate_series(1, 50) g, unnest(ARRAY['published', 'submitted']) d`,
      [bakery],
    );
    expect(await exactCount(bakery)).toBe(start + 50);
    await api.db.query(
      `UPDATE files SET deleted_at = now() WHERE blob_key LIKE 'test/bulk-published%' AND title <= 'Bulk 3'`,
    );
    expect(await exactCount(bakery)).toBe(start + 50 - (await deletedBulk()));
    await api.db.query(`DELETE FROM files WHERE blob_key LIKE 'test/bulk-%'`);
    expect(await exactCount(bakery)).toBe(start);
  });

  it('is behind row-level security like the files themselves', async () => {
    const seen = await api.db.withTenant('globex', async (tx) => {
      const { rows } = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM file_counts WHERE site_id = $1',
        [bakery],
      );
      return rows[0]!.n;
    });
    expect(seen).toBe(0);
    const own = await api.db.withTenant('acme', async (tx) => {
      const { rows } = await tx.query<{ n: number }>(
        `SELECT n::int AS n FROM file_counts WHERE site_id = $1 AND direction = 'published'`,
        [bakery],
      );
      return rows[0]?.n;
    });
    expect(own).toBe(await rowsCounted(bakery));
  });
});

async function deletedBulk() {
  const { rows } = await api.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM files WHERE blob_key LIKE 'test/bulk-published%' AND deleted_at IS NOT NULL`,
  );
  return rows[0]!.n;
}
