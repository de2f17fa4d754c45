import type {
  ClientPublishedFile,
  FileHistory,
  PublishedFileList,
  StaffSubmission,
  SubmittedFileList,
} from '@portico/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, type DemoUsername, useTestApi } from '../testing/api.ts';
import { insertFolder, setSiteFlags, submitFile } from '../testing/site-file-fixtures.ts';
import { startTestSmtpServer } from '../testing/smtp.ts';

/**
 * Client publishing (issue 27 item 9, decision 60) through the real API on the seeded server: publish and take back
 * × staff, the submitter, a client who is not a member, another firm and the flag off; the mail to the site's other
 * members (caught by a real SMTP server); what a direction change keeps (counters, versions, history, tags, review
 * status).
 */

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
const api = useTestApi({
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'portal@example.com', NOTIFY_BATCH_SECONDS: '1' },
});
const BAKERY = 'ACME-1001'; // Bob is a client of it; Alice of ACME-1002 only; Carol staff of Acme; Dave of Globex.
let site: string;
const base = (tenant = 'acme') => `/t/${tenant}/file-management/api`;

beforeAll(() => {
  site = api.siteId(BAKERY);
});
beforeEach(() => setSiteFlags(api, site));

const publish = (who: ApiClient, id: string, tenant?: string) =>
  who.post<ClientPublishedFile>(`${base(tenant)}/files/${id}/publish`);
const unpublish = (who: ApiClient, id: string, tenant?: string) =>
  who.post<ClientPublishedFile>(`${base(tenant)}/files/${id}/unpublish`);
const outcome = (answer: { status: number; body: unknown }) =>
  `${answer.status} ${(answer.body as { error?: { code: string } } | null)?.error?.code ?? ''}`.trim();

const row = async (id: string) =>
  (
    await api.db.query<{
      direction: string;
      status: string;
      status_note: string | null;
      published_by: string | null;
      client_published_at: Date | null;
      folder_id: string | null;
    }>(
      'SELECT direction, status, status_note, published_by, client_published_at, folder_id FROM files WHERE id = $1',
      [id],
    )
  ).rows[0]!;

/** The site's live-file counters as the triggers keep them, and as a count of the rows says they should be. */
const counters = async () => {
  const kept = await api.db.query<{ direction: string; n: string }>(
    "SELECT direction, n FROM file_counts WHERE tenant_code = 'acme' AND site_id = $1 ORDER BY direction",
    [site],
  );
  const counted = await api.db.query<{ direction: string; n: string }>(
    `SELECT direction, count(*) AS n FROM files WHERE tenant_code = 'acme' AND site_id = $1 AND deleted_at IS NULL
     GROUP BY direction ORDER BY direction`,
    [site],
  );
  return {
    kept: kept.rows.map((r) => `${r.direction}:${r.n}`),
    counted: counted.rows.map((r) => `${r.direction}:${r.n}`),
  };
};

const publishedIds = async (who: DemoUsername) =>
  (
    await api.as(who).get<PublishedFileList>(`${base()}/files/published-files`, { siteId: site, limit: 100 })
  ).body.records.map((r) => r.id);
const submittedIds = async () =>
  (
    await api
      .as('bob')
      .get<SubmittedFileList>('/t/acme/portal/api/files/submitted', { siteId: site, limit: 100 })
  ).body.records.map((r) => r.id);

describe('POST files/{id}/publish and unpublish', () => {
  it('the submitter may publish; staff, a non-member and another firm may not', async () => {
    const results: Record<string, string> = {};
    for (const [who, user, tenant] of [
      ['staff', 'carol', 'acme'],
      ['non-member', 'alice', 'acme'],
      ['other tenant', 'dave', 'globex'],
      ['submitter', 'bob', 'acme'],
    ] as const) {
      const id = await submitFile(api, 'bob', site, `publish-${who}.pdf`);
      results[who] = outcome(await publish(api.as(user), id, tenant));
      results[`${who} row`] = (await row(id)).direction;
    }
    expect(results).toEqual({
      staff: '403 auth.forbidden',
      'staff row': 'submitted',
      'non-member': '404 files.not_found',
      'non-member row': 'submitted',
      'other tenant': '404 files.not_found',
      'other tenant row': 'submitted',
      submitter: '200',
      'submitter row': 'published',
    });
  });

  it('the publisher and staff may take it back; a non-member and another firm may not', async () => {
    const results: Record<string, string> = {};
    for (const [who, user, tenant] of [
      ['non-member', 'alice', 'acme'],
      ['other tenant', 'dave', 'globex'],
      ['publisher', 'bob', 'acme'],
      ['staff', 'carol', 'acme'],
    ] as const) {
      const id = await submitFile(api, 'bob', site, `unpublish-${who}.pdf`);
      expect((await publish(api.as('bob'), id)).status).toBe(200);
      results[who] = outcome(await unpublish(api.as(user), id, tenant));
      results[`${who} row`] = (await row(id)).direction;
    }
    expect(results).toEqual({
      'non-member': '404 files.not_found',
      'non-member row': 'published',
      'other tenant': '404 files.not_found',
      'other tenant row': 'published',
      publisher: '200',
      'publisher row': 'submitted',
      staff: '200',
      'staff row': 'submitted',
    });
  });

  it('the flag off (internalFilesPublishUnPublish) refuses the client both ways with 403; staff may still take back', async () => {
    const id = await submitFile(api, 'bob', site, 'flag-off.pdf');
    await setSiteFlags(api, site, ['internalFilesPublishUnPublish']);
    expect(outcome(await publish(api.as('bob'), id))).toBe('403 settings.forbidden');
    expect((await row(id)).direction).toBe('submitted');
    await setSiteFlags(api, site);
    expect((await publish(api.as('bob'), id)).status).toBe(200);
    await setSiteFlags(api, site, ['internalFilesPublishUnPublish']);
    expect(outcome(await unpublish(api.as('bob'), id))).toBe('403 settings.forbidden');
    expect((await row(id)).direction).toBe('published');
    expect(outcome(await unpublish(api.as('carol'), id))).toBe('200');
    expect((await row(id)).direction).toBe('submitted');
  });

  it("a file the firm published cannot be taken back this way, and another member cannot take back bob's", async () => {
    const bobs = await submitFile(api, 'bob', site, 'not-alices.pdf');
    await publish(api.as('bob'), bobs);
    const alice = await api.userId('alice');
    await api.db.query("INSERT INTO site_members (tenant_code, site_id, user_id) VALUES ('acme', $1, $2)", [
      site,
      alice,
    ]);
    try {
      expect(outcome(await unpublish(api.as('alice'), bobs))).toBe('403 auth.forbidden');
      expect(outcome(await publish(api.as('alice'), bobs))).toBe('403 auth.forbidden');
      const firms = (
        await api.db.query<{ id: string }>(
          "SELECT id FROM files WHERE site_id = $1 AND direction = 'published' AND published_by IS NULL AND deleted_at IS NULL LIMIT 1",
          [site],
        )
      ).rows[0]!.id;
      expect(outcome(await unpublish(api.as('carol'), firms))).toBe('403 auth.forbidden');
      expect(outcome(await publish(api.as('bob'), firms))).toBe('403 auth.forbidden');
    } finally {
      await api.db.query('DELETE FROM site_members WHERE site_id = $1 AND user_id = $2', [site, alice]);
    }
  });

  it('another member sees it in Published Files marked with the publisher, and gets the mail; the publisher does not', async () => {
    const alice = await api.userId('alice');
    await api.db.query("INSERT INTO site_members (tenant_code, site_id, user_id) VALUES ('acme', $1, $2)", [
      site,
      alice,
    ]);
    try {
      const id = await submitFile(api, 'bob', site, 'Year-end accounts.pdf');
      expect(await publishedIds('alice')).not.toContain(id);
      const answer = await publish(api.as('bob'), id);
      expect(answer.body).toEqual({ id, direction: 'published', publishedBy: { name: 'Bob Baker' } });
      const seen = (
        await api
          .as('alice')
          .get<PublishedFileList>(`${base()}/files/published-files`, { siteId: site, limit: 100 })
      ).body.records.find((r) => r.id === id);
      expect(seen?.publishedBy).toEqual({
        name: 'Bob Baker',
        userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(seen?.isNew).toBe(true);
      expect(await publishedIds('carol')).toContain(id);
      await vi.waitFor(
        () =>
          expect(
            smtp.mails.some(
              (m) => m.to.includes('alice@example.com') && m.parsed.text?.includes('Year-end accounts'),
            ),
          ).toBe(true),
        { timeout: 15_000, interval: 200 },
      );
      expect(
        smtp.mails.some(
          (m) => m.to.includes('bob@example.com') && m.parsed.text?.includes('Year-end accounts'),
        ),
      ).toBe(false);
      const toBob = await api.db.query(
        "SELECT 1 FROM mail_outbox WHERE recipient_email = 'bob@example.com' AND data::text LIKE '%Year-end accounts%'",
      );
      expect(toBob.rows).toHaveLength(0);
      expect(await submittedIds()).not.toContain(id);
      await unpublish(api.as('bob'), id);
      expect(await publishedIds('alice')).not.toContain(id);
      expect(await submittedIds()).toContain(id);
    } finally {
      await api.db.query('DELETE FROM site_members WHERE site_id = $1 AND user_id = $2', [site, alice]);
    }
  });

  it('keeps the id, folder, versions, tags, history and review status, and the counters stay exact', async () => {
    const folderId = await insertFolder(api, site, 'Kept folder');
    const id = await submitFile(api, 'bob', site, 'kept.pdf');
    await api.db.query('UPDATE files SET folder_id = $2 WHERE id = $1', [id, folderId]);
    const review = await api
      .as('carol')
      .put<StaffSubmission>(`/t/acme/portal/api/staff/submissions/${id}/status`, {
        status: 'rejected',
        note: 'Page 2 is missing.',
      });
    expect(review.status).toBe(200);
    const tag = (
      await api.db.query<{ id: string }>(
        "INSERT INTO tags (tenant_code, name, color) VALUES ('acme', 'Kept', '#123456') RETURNING id",
      )
    ).rows[0]!.id;
    await api.db.query("INSERT INTO file_tags (tenant_code, file_id, tag_id) VALUES ('acme', $1, $2)", [
      id,
      tag,
    ]);
    const versions = async () =>
      (await api.db.query('SELECT version FROM file_versions WHERE file_id = $1', [id])).rows.length;
    const versionsBefore = await versions();
    const before = await counters();
    expect(before.kept).toEqual(before.counted);

    expect((await publish(api.as('bob'), id)).status).toBe(200);
    const published = await row(id);
    expect(published).toMatchObject({
      direction: 'published',
      status: 'rejected',
      status_note: null,
      folder_id: folderId,
    });
    expect(published.published_by).toBe(await api.userId('bob'));
    expect(published.client_published_at).not.toBeNull();
    const during = await counters();
    expect(during.kept).toEqual(during.counted);
    expect(during.kept).not.toEqual(before.kept);
    // The firm's note to the submitter is not shown to the site.
    const seen = (
      await api
        .as('bob')
        .get<PublishedFileList>(`${base()}/files/published-files`, { siteId: site, limit: 100 })
    ).body.records.find((r) => r.id === id);
    expect(seen?.statusNote ?? null).toBeNull();
    expect(seen?.tags.map((t) => t.name)).toEqual(['Kept']);

    expect((await unpublish(api.as('bob'), id)).body).toEqual({
      id,
      direction: 'submitted',
      publishedBy: null,
    });
    expect(await row(id)).toMatchObject({
      direction: 'submitted',
      status: 'rejected',
      status_note: 'Page 2 is missing.',
      published_by: null,
      client_published_at: null,
      folder_id: folderId,
    });
    expect(await counters()).toEqual(before);
    expect(await versions()).toBe(versionsBefore);
    expect((await api.db.query('SELECT 1 FROM file_tags WHERE file_id = $1', [id])).rows).toHaveLength(1);

    const history = await api.as('carol').get<FileHistory>(`${base()}/files/${id}/history`);
    expect(history.body.records.map((e) => e.label).slice(0, 2)).toEqual([
      'Returned to submitted files',
      'Published by the client',
    ]);
    expect(history.body.records.map((e) => e.action)).toEqual(
      expect.arrayContaining(['file.client_publish', 'file.client_unpublish', 'file.submit']),
    );
  });

  it('a name a published file already has in the folder answers 409 name.taken; a check-out by someone else 409', async () => {
    const id = await submitFile(api, 'bob', site, 'Clash.pdf');
    await api.db.query(
      "UPDATE files SET file_name = 'clash.pdf' WHERE site_id = $1 AND direction = 'published' AND id = (SELECT id FROM files WHERE site_id = $1 AND direction = 'published' AND published_by IS NULL AND deleted_at IS NULL AND folder_id IS NULL ORDER BY id LIMIT 1)",
      [site],
    );
    expect(outcome(await publish(api.as('bob'), id))).toBe('409 name.taken');
    expect((await row(id)).direction).toBe('submitted');

    const held = await submitFile(api, 'bob', site, 'held.pdf');
    expect((await api.as('carol').post(`${base()}/files/${held}/checkout`)).status).toBe(200);
    expect(outcome(await publish(api.as('bob'), held))).toBe('409 file.checked_out');
    expect((await row(held)).direction).toBe('submitted');
  });

  it('publishing twice answers as it is; taking back a submitted file too', async () => {
    const id = await submitFile(api, 'bob', site, 'twice.pdf');
    expect((await unpublish(api.as('bob'), id)).body).toEqual({
      id,
      direction: 'submitted',
      publishedBy: null,
    });
    await publish(api.as('bob'), id);
    expect((await publish(api.as('bob'), id)).body).toEqual({
      id,
      direction: 'published',
      publishedBy: { name: 'Bob Baker' },
    });
    const events = await api.db.query(
      "SELECT 1 FROM audit_events WHERE file_id = $1 AND action = 'file.client_publish'",
      [id],
    );
    expect(events.rows).toHaveLength(1);
  });
});
