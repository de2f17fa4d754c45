import type { MySubscriptions, SiteFollowers, Subscriptions } from '@portico/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { statusAndCode, useTestApi } from '../testing/api.ts';
import { insertFolder, setSiteFlags } from '../testing/site-file-fixtures.ts';
import { type ReceivedMail, startTestSmtpServer } from '../testing/smtp.ts';
import { PDF_BYTES, submitFiles, uploadReferences } from '../testing/staff-access.ts';

/**
 * Subscriptions (issue 27 item 8, decision 59) through the real API on the seeded server, with the mail caught by
 * a real SMTP server: who may follow what, the mails a followed folder or site brings (and the per-kind mail they
 * replace), the one-click unsubscribe link signed out, and a forged or foreign link refused.
 */

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
const api = useTestApi({
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'portal@example.com', NOTIFY_BATCH_SECONDS: '1' },
});
const BAKERY = 'ACME-1001'; // Bob is a client of it; Alice of ACME-1002 only; Carol staff of Acme; Dave of Globex.
let bakery: string;
let otherSite: string;
const path = (siteId: string, tenant = 'acme') =>
  `/t/${tenant}/file-management/api/subscriptions?siteId=${siteId}`;
let n = 0;
const unique = (name: string) => `${name} ${++n}-${Date.now()}`;

beforeAll(() => {
  bakery = api.siteId(BAKERY);
  otherSite = api.siteId('ACME-1002');
});
beforeEach(async () => {
  await setSiteFlags(api, bakery);
  await api.db.query('DELETE FROM file_subscriptions');
});

const publish = async (title: string, folderId: string | null = null, siteId = bakery) => {
  const [referenceNumber] = await uploadReferences(api.as('carol'), siteId, [
    { name: `${title}.pdf`, bytes: PDF_BYTES(title), type: 'application/pdf' },
  ]);
  const published = await api
    .as('carol')
    .post<{ records: { id: string }[] }>('/t/acme/file-management/api/staff/published-files', {
      siteId,
      files: [{ referenceNumber, title }],
      ...(folderId ? { folderId } : {}),
    });
  expect(published.status).toBe(201);
  return published.body.records[0]!.id;
};

const mailsTo = (address: string, text: string) =>
  smtp.mails.filter((m) => m.to.includes(address) && (m.parsed.text ?? '').includes(text));
const waitForMail = async (address: string, text: string): Promise<ReceivedMail> => {
  await vi.waitFor(() => expect(mailsTo(address, text)).not.toHaveLength(0), {
    timeout: 20_000,
    interval: 200,
  });
  return mailsTo(address, text)[0]!;
};
/** Long enough for a batch of NOTIFY_BATCH_SECONDS=1 to have left, had it been written. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 3500));
const linkOf = (mail: ReceivedMail) => mail.header('list-unsubscribe')!.replace(/^<|>$/g, '');
const oneClick = (link: string | URL) =>
  fetch(link, {
    method: 'POST',
    body: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const subscriptionRows = async () =>
  (
    await api.db.query<{ id: string; user_id: string; folder_id: string | null }>(
      'SELECT id, user_id, folder_id FROM file_subscriptions ORDER BY created_at',
    )
  ).rows;

describe('GET|PUT subscriptions?siteId=: who may', () => {
  it('staff and a member with the flag may; a non-member, another tenant and flag off may not', async () => {
    const body: Subscriptions = { wholeSite: true, folderIds: [] };
    for (const user of ['carol', 'bob'] as const) {
      const put = await api.as(user).put<Subscriptions>(path(bakery), body);
      expect([user, put.status, put.body]).toEqual([user, 200, body]);
      const get = await api.as(user).get<Subscriptions>(path(bakery));
      expect([user, get.status, get.body]).toEqual([user, 200, body]);
    }
    // Alice is no member of the bakery: the site is not hers to see.
    expect(statusAndCode(await api.as('alice').put(path(bakery), body))).toEqual([404, 'sites.not_found']);
    expect(statusAndCode(await api.as('alice').get(path(bakery)))).toEqual([404, 'sites.not_found']);
    // Another tenant: Dave's token has no acme; in his own tenant the acme site does not exist.
    expect((await api.as('dave').put(path(bakery), body)).status).toBe(403);
    expect(statusAndCode(await api.as('dave').put(path(bakery, 'globex'), body))).toEqual([
      404,
      'sites.not_found',
    ]);
    expect(statusAndCode(await api.anonymous.get(path(bakery)))[0]).toBe(401);
    // The flag off: the member is refused, the firm's staff are not.
    await setSiteFlags(api, bakery, ['fileAreaManageEmailSubscription']);
    expect(statusAndCode(await api.as('bob').put(path(bakery), body))).toEqual([403, 'settings.forbidden']);
    expect(statusAndCode(await api.as('bob').get(path(bakery)))).toEqual([403, 'settings.forbidden']);
    expect((await api.as('carol').get(path(bakery))).status).toBe(200);
    // Only the rows of the two who could are there, each their own.
    const rows = await subscriptionRows();
    expect(rows.map((r) => r.user_id).sort()).toEqual(
      [await api.userId('bob'), await api.userId('carol')].sort(),
    );
  });

  it('saves exactly the body, refuses a folder of another site or tenant, and audits each change', async () => {
    const a = await insertFolder(api, bakery, unique('Tax'));
    const b = await insertFolder(api, bakery, unique('Payroll'));
    const elsewhere = await insertFolder(api, otherSite, unique('Other site'));
    const { rows } = await api.db.query<{ id: string }>(
      `INSERT INTO folders (tenant_code, site_id, name) VALUES ('globex', $1, 'Globex folder') RETURNING id`,
      [api.siteId('GLX-2001')],
    );
    const bob = api.as('bob');
    // Folders by name: Payroll before Tax.
    expect((await bob.put(path(bakery), { wholeSite: false, folderIds: [a, b] })).body).toEqual({
      wholeSite: false,
      folderIds: [b, a],
    });
    for (const folder of [elsewhere, rows[0]!.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await bob.put(path(bakery), { wholeSite: true, folderIds: [a, folder] });
      expect(statusAndCode(refused)).toEqual([404, 'folders.not_found']);
    }
    // Nothing changed by the refusals.
    expect((await bob.get(path(bakery))).body).toEqual({ wholeSite: false, folderIds: [b, a] });
    expect((await bob.put(path(bakery), { wholeSite: true, folderIds: [b] })).body).toEqual({
      wholeSite: true,
      folderIds: [b],
    });
    expect(statusAndCode(await bob.put(path(bakery), { wholeSite: true, folderIds: [b, b] }))[0]).toBe(400);
    // The same state again records nothing.
    await bob.put(path(bakery), { wholeSite: true, folderIds: [b] });
    const events = await api.db.query<{ detail: { added: string[]; removed: string[] } }>(
      `SELECT detail FROM audit_events WHERE action = 'subscriptions.change' AND user_id = $1
       ORDER BY id DESC LIMIT 2`,
      [await api.userId('bob')],
    );
    expect(events.rows.map((r) => r.detail)).toEqual([
      { added: ['site'], removed: [a] },
      { added: expect.arrayContaining([a, b]), removed: [] },
    ]);
  });

  it('lists what the caller follows, and DELETE ends only their own', async () => {
    const folderName = unique('Followed');
    const folder = await insertFolder(api, bakery, folderName);
    await api.as('bob').put(path(bakery), { wholeSite: true, folderIds: [folder] });
    await api.as('carol').put(path(bakery), { wholeSite: true, folderIds: [] });
    const mine = await api.as('bob').get<MySubscriptions>('/t/acme/file-management/api/subscriptions/mine');
    expect(mine.status).toBe(200);
    expect(mine.body.records.map((r) => [r.siteName, r.folderName])).toEqual([
      ["Bob's Bakery Ltd", null],
      ["Bob's Bakery Ltd", folderName],
    ]);
    const target = mine.body.records[1]!.id;
    expect(
      statusAndCode(await api.as('alice').delete(`/t/acme/file-management/api/subscriptions/${target}`)),
    ).toEqual([404, 'subscriptions.not_found']);
    expect(
      statusAndCode(await api.as('dave').delete(`/t/globex/file-management/api/subscriptions/${target}`)),
    ).toEqual([404, 'subscriptions.not_found']);
    // Stopping mail is allowed even with the flag off.
    await setSiteFlags(api, bakery, ['fileAreaManageEmailSubscription']);
    expect((await api.as('bob').delete(`/t/acme/file-management/api/subscriptions/${target}`)).status).toBe(
      204,
    );
    const after = await api.as('bob').get<MySubscriptions>('/t/acme/file-management/api/subscriptions/mine');
    expect(after.body.records.map((r) => r.folderName)).toEqual([null]);
  });

  it("staff see who follows what in a site; clients and another firm's staff do not", async () => {
    const folderName = unique('Staff view');
    const folder = await insertFolder(api, bakery, folderName);
    await api.as('bob').put(path(bakery), { wholeSite: false, folderIds: [folder] });
    const staffPath = `/t/acme/file-management/api/staff/subscriptions?siteId=${bakery}`;
    const seen = await api.as('carol').get<SiteFollowers>(staffPath);
    expect(seen.status).toBe(200);
    expect(seen.body.records.map((r) => [r.user.name, r.user.email, r.folderName])).toEqual([
      ['Bob Baker', 'bob@example.com', folderName],
    ]);
    expect(statusAndCode(await api.as('bob').get(staffPath))).toEqual([403, 'auth.staff_only']);
    expect(
      statusAndCode(
        await api.as('dave').get(`/t/globex/file-management/api/staff/subscriptions?siteId=${bakery}`),
      ),
    ).toEqual([404, 'sites.not_found']);
  });

  it("a folder's subscriptions go with it when it is destroyed", async () => {
    const folder = await insertFolder(api, bakery, unique('Doomed'));
    await api.as('bob').put(path(bakery), { wholeSite: false, folderIds: [folder] });
    expect(await subscriptionRows()).toHaveLength(1);
    await api.db.query('DELETE FROM folders WHERE id = $1', [folder]);
    expect(await subscriptionRows()).toEqual([]);
  });
});

describe('subscription mails', () => {
  it('a file published below a followed folder makes one mail naming folder and file, instead of the per-kind one', async () => {
    const folderName = unique('Year end');
    const folder = await insertFolder(api, bakery, folderName);
    const below = await insertFolder(api, bakery, 'Drafts', folder);
    await api.as('bob').put(path(bakery), { wholeSite: false, folderIds: [folder] });
    const title = unique('Balance sheet');
    await publish(title, below);
    const mail = await waitForMail('bob@example.com', title);
    expect(mail.parsed.subject).toContain(folderName);
    expect(mail.parsed.text).toContain(`You follow the folder ${folderName} of Bob's Bakery Ltd`);
    expect(mail.parsed.text).toContain(`${title} (new)`);
    expect(mail.parsed.text).toContain(`/publishedFiles?site=${bakery}&tenant=acme&folderId=${folder}`);
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = new URL(linkOf(mail));
    expect(link.pathname).toBe('/mail/unfollow');
    expect(link.searchParams.get('subscription')).toBe((await subscriptionRows())[0]!.id);
    expect(mail.parsed.text).toContain(linkOf(mail));
    // No bearer token in the link: tenant, person, subscription and a signature only.
    expect([...link.searchParams.keys()].sort()).toEqual(['sig', 'subscription', 'tenant', 'user']);
    await settle();
    // One file, one mail: the per-kind "published" mail did not carry it.
    expect(mailsTo('bob@example.com', title)).toHaveLength(1);

    // A file outside the followed folder comes by the per-kind mail only.
    const outside = unique('Outside');
    await publish(outside);
    const perKind = await waitForMail('bob@example.com', outside);
    expect(perKind.parsed.subject).toMatch(/published a new file/);
    expect(perKind.header('list-unsubscribe')).toContain('/mail/unsubscribe?');
  });

  it('a new version, a copy and a move into the folder are mailed; submitted files reach a following staff member', async () => {
    const folderName = unique('Contracts');
    const folder = await insertFolder(api, bakery, folderName);
    const rootFile = unique('Lease');
    const fileId = await publish(rootFile);
    await api.as('bob').put(path(bakery), { wholeSite: false, folderIds: [folder] });
    // Move into the folder.
    const moved = await api
      .as('carol')
      .patch(`/t/acme/file-management/api/files/${fileId}`, { folderId: folder });
    expect(moved.status).toBe(200);
    const movedMail = await waitForMail('bob@example.com', `${rootFile} (moved here)`);
    expect(movedMail.parsed.subject).toContain(folderName);
    // Copy into it.
    const copyName = `${unique('Copy')}.pdf`;
    const copied = await api
      .as('carol')
      .post(`/t/acme/file-management/api/files/${fileId}/copy`, { folderId: folder, name: copyName });
    expect(copied.status).toBe(201);
    await waitForMail('bob@example.com', '(copied here)');
    // A new version of the file, now in the folder.
    const form = new FormData();
    form.append('fileId', fileId);
    form.append('file', new File([PDF_BYTES('v2')], 'v2.pdf', { type: 'application/pdf' }));
    const version = await api
      .as('carol')
      .raw('/t/acme/file-storage/api/files', { method: 'POST', body: form });
    expect(version.status).toBe(201);
    await waitForMail('bob@example.com', `${rootFile} (updated)`);

    // Carol follows the whole site: Bob's submission reaches her by the subscription mail only.
    await api.as('carol').put(path(bakery), { wholeSite: true, folderIds: [] });
    const submitted = unique('Receipts');
    await submitFiles(api.as('bob'), bakery, [
      { name: `${submitted}.pdf`, bytes: PDF_BYTES(submitted), type: 'application/pdf', title: submitted },
    ]);
    const staffMail = await waitForMail('carol@acme.example', `${submitted} (submitted)`);
    expect(staffMail.parsed.text).toContain('/submittedFiles?');
    await settle();
    expect(mailsTo('carol@acme.example', submitted)).toHaveLength(1);
  });

  it('no mail once the person lost membership, or the flag is off', async () => {
    const folder = await insertFolder(api, bakery, unique('Quiet'));
    await api.as('bob').put(path(bakery), { wholeSite: false, folderIds: [folder] });
    await setSiteFlags(api, bakery, ['fileAreaManageEmailSubscription']);
    const flagOff = unique('Flag off');
    await publish(flagOff, folder);
    // The per-kind mail still comes (today's settings); the subscription's does not.
    const perKind = await waitForMail('bob@example.com', flagOff);
    expect(perKind.parsed.subject).toMatch(/published a new file/);
    await setSiteFlags(api, bakery);

    const bob = await api.userId('bob');
    const removed = await api.as('carol').delete(`/t/acme/portal/api/staff/sites/${bakery}/members/${bob}`);
    expect(removed.status).toBe(204);
    try {
      const gone = unique('Not a member');
      await publish(gone, folder);
      await settle();
      expect(mailsTo('bob@example.com', gone)).toEqual([]);
    } finally {
      await api.db.query(`INSERT INTO site_members (tenant_code, site_id, user_id) VALUES ('acme', $1, $2)`, [
        bakery,
        bob,
      ]);
    }
  });
});

describe('a batch written before an unfollow', () => {
  it('is not sent after it: the worker checks the subscription when it sends', async () => {
    const folder = await insertFolder(api, bakery, unique('Short-lived'));
    await api.as('bob').put(path(bakery), { wholeSite: false, folderIds: [folder] });
    const [row] = await subscriptionRows();
    const title = unique('Never mailed');
    await publish(title, folder);
    // Within the batch window (1 s), before the worker can take the mail.
    expect((await api.as('bob').delete(`/t/acme/file-management/api/subscriptions/${row!.id}`)).status).toBe(
      204,
    );
    await vi.waitFor(
      async () => {
        const { rows } = await api.db.query<{ state: string }>(
          `SELECT state FROM mail_outbox WHERE template = 'files-followed' AND data ->> 'subscriptionId' = $1`,
          [row!.id],
        );
        expect(rows.map((r) => r.state)).toEqual(['skipped']);
      },
      { timeout: 20_000, interval: 300 },
    );
    expect(mailsTo('bob@example.com', title)).toEqual([]);
  });
});

describe('the one-click unsubscribe link', () => {
  it('ends that subscription signed out; a forged or foreign link is refused', async () => {
    const folder = await insertFolder(api, bakery, unique('Unfollow me'));
    await api.as('bob').put(path(bakery), { wholeSite: true, folderIds: [folder] });
    await api.as('carol').put(path(bakery), { wholeSite: true, folderIds: [] });
    const title = unique('Ledger');
    await publish(title, folder);
    const mail = await waitForMail('bob@example.com', title);
    const link = linkOf(mail);
    const rows = await subscriptionRows();
    const carol = await api.userId('carol');
    const bobsFolderRow = rows.find((r) => r.folder_id === folder)!;
    const carolsRow = rows.find((r) => r.user_id === carol)!;
    expect(new URL(link).searchParams.get('subscription')).toBe(bobsFolderRow.id);

    const forged = new URL(link);
    const sig = forged.searchParams.get('sig')!;
    forged.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    const otherTenant = new URL(link);
    otherTenant.searchParams.set('tenant', 'globex');
    const otherSubscription = new URL(link);
    otherSubscription.searchParams.set('subscription', carolsRow.id);
    const otherPerson = new URL(link);
    otherPerson.searchParams.set('user', carolsRow.user_id);
    for (const bad of [forged, otherTenant, otherSubscription, otherPerson]) {
      expect((await oneClick(bad)).status).toBe(404);
    }
    expect(await subscriptionRows()).toHaveLength(3);

    // GET only asks.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unsubscribe');
    expect(await subscriptionRows()).toHaveLength(3);

    const done = await oneClick(link);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You no longer follow');
    const left = await subscriptionRows();
    expect(left.map((r) => r.id)).not.toContain(bobsFolderRow.id);
    expect(left).toHaveLength(2); // Bob's whole site and Carol's are untouched.
    const audit = await api.db.query<{ detail: { via?: string } }>(
      `SELECT detail FROM audit_events WHERE action = 'subscriptions.change' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]!.detail).toEqual({ added: [], removed: [folder], via: 'link' });
    // Again: already done, still a page that says so.
    expect((await oneClick(link)).status).toBe(200);
  });
});

describe('the API documentation', () => {
  it('documents every subscription route in /docs/json', async () => {
    const { body: doc } = await api.anonymous.get<{
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    }>('/docs/json');
    const documented = (path: string, method: string) => doc.paths[path]?.[method]?.summary;
    for (const [path, method] of [
      ['/t/{tenant}/file-management/api/subscriptions', 'get'],
      ['/t/{tenant}/file-management/api/subscriptions', 'put'],
      ['/t/{tenant}/file-management/api/subscriptions/mine', 'get'],
      ['/t/{tenant}/file-management/api/subscriptions/{id}', 'delete'],
      ['/t/{tenant}/file-management/api/staff/subscriptions', 'get'],
      ['/mail/unfollow', 'get'],
      ['/mail/unfollow', 'post'],
    ] as const) {
      expect([path, method, documented(path, method)]).toEqual([path, method, expect.any(String)]);
    }
  });
});
