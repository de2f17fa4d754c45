import { randomUUID } from 'node:crypto';
import type { FileHistory, Project, ProjectList, PublishedFileList } from '@portico/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';
import { publishFiles, setSiteFlags } from '../testing/file-workspace.ts';
import { PDF_BYTES, submitFiles } from '../testing/staff-access.ts';

/**
 * Projects through the API (issue 27 item 5, decision 58): a site's projects (staff create, rename, close, reopen),
 * a file's project (an open project of its own site only), the list filter, and who may — staff, a member client,
 * a client of another site, another firm, the flag off — with another site's or firm's projects never usable.
 */

const api = useTestApi();
const FM = '/t/acme/file-management/api';
let bakery: string;
let otherSite: string;
let globexSite: string;
let published: string;
let submitted: string;

const projects = (who: ApiClient, siteId: string) => who.get<ProjectList>(`${FM}/projects`, { siteId });
const create = (who: ApiClient, siteId: string, name: string) =>
  who.post<Project>(`${FM}/projects`, { siteId, name });
const setProject = (who: ApiClient, fileId: string, projectId: string | null) =>
  who.put(`${FM}/files/${fileId}/project`, { projectId });
const projectOf = async (fileId: string) =>
  (await api.db.query<{ project_id: string | null }>('SELECT project_id FROM files WHERE id = $1', [fileId]))
    .rows[0]!.project_id;

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  otherSite = api.siteId('ACME-1002');
  globexSite = api.siteId('GLX-2001');
  await setSiteFlags(api, bakery);
  [published] = (await publishFiles(api, bakery, [
    { name: 'engagement.pdf', bytes: PDF_BYTES('project one'), type: 'application/pdf' },
  ])) as [string];
  [submitted] = (await submitFiles(api.as('bob'), bakery, [
    { name: 'p60.pdf', bytes: PDF_BYTES('project two'), type: 'application/pdf' },
  ])) as [string];
});

afterEach(async () => {
  await setSiteFlags(api, bakery);
});

describe("a site's projects", () => {
  it('staff create, rename, close and reopen; the list puts open ones first', async () => {
    const carol = api.as('carol');
    const tax = await create(carol, bakery, '2025 Personal Tax');
    expect(tax.status).toBe(201);
    expect(tax.body).toMatchObject({ siteId: bakery, name: '2025 Personal Tax', status: 'open' });
    const audit = await create(carol, bakery, 'Audit 2024');
    expect(statusAndCode(await create(carol, bakery, '2025 personal TAX'))).toEqual([409, 'name.taken']);
    // The same name in another site is another project.
    expect((await create(carol, otherSite, '2025 Personal Tax')).status).toBe(201);
    const closed = await carol.patch<Project>(`${FM}/projects/${audit.body.id}`, { status: 'closed' });
    expect(closed.body.status).toBe('closed');
    const renamed = await carol.patch<Project>(`${FM}/projects/${audit.body.id}`, { name: 'Audit FY2024' });
    expect(renamed.body).toMatchObject({ name: 'Audit FY2024', status: 'closed' });
    expect(
      statusAndCode(await carol.patch(`${FM}/projects/${audit.body.id}`, { name: '2025 PERSONAL TAX' })),
    ).toEqual([409, 'name.taken']);
    const list = await projects(api.as('bob'), bakery);
    expect(list.status).toBe(200);
    expect(list.body.records.map((p) => [p.name, p.status])).toEqual([
      ['2025 Personal Tax', 'open'],
      ['Audit FY2024', 'closed'],
    ]);
    const reopened = await carol.patch<Project>(`${FM}/projects/${audit.body.id}`, { status: 'open' });
    expect(reopened.body.status).toBe('open');
    const events = await api.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE detail->>'projectId' = $1 ORDER BY id`,
      [audit.body.id],
    );
    expect(events.rows.map((r) => r.action)).toEqual([
      'project.create',
      'project.update',
      'project.update',
      'project.update',
    ]);
  });

  it('only staff manage them; the list is for those who see the site', async () => {
    const project = (await projects(api.as('carol'), bakery)).body.records[0]!;
    expect(statusAndCode(await create(api.as('bob'), bakery, 'Mine'))).toEqual([403, 'auth.staff_only']);
    expect(
      statusAndCode(await api.as('bob').patch(`${FM}/projects/${project.id}`, { status: 'closed' })),
    ).toEqual([403, 'auth.staff_only']);
    expect(statusAndCode(await projects(api.as('alice'), bakery))).toEqual([404, 'sites.not_found']);
    expect((await projects(api.as('alice'), otherSite)).status).toBe(200);
    expect(statusAndCode(await projects(api.as('dave'), bakery))).toEqual([403, 'auth.tenant_forbidden']);
    // Another firm's site, through our path: not one of ours.
    expect(statusAndCode(await projects(api.as('carol'), globexSite))).toEqual([404, 'sites.not_found']);
    expect(statusAndCode(await create(api.as('carol'), globexSite, 'Taken over'))).toEqual([
      404,
      'sites.not_found',
    ]);
    // Globex's own project is not reachable from Acme.
    const theirs = await api
      .as('dave')
      .post<Project>('/t/globex/file-management/api/projects', { siteId: globexSite, name: 'Globex work' });
    expect(theirs.status).toBe(201);
    expect(
      statusAndCode(await api.as('carol').patch(`${FM}/projects/${theirs.body.id}`, { name: 'X' })),
    ).toEqual([404, 'projects.not_found']);
  });
});

describe("a file's project", () => {
  const openProject = async (siteId = bakery) =>
    (await projects(api.as('carol'), siteId)).body.records.find((p) => p.status === 'open')!;

  it('staff and a member put a file in an open project of its site and take it out; lists filter by it', async () => {
    const project = await openProject();
    expect((await setProject(api.as('bob'), published, project.id)).status).toBe(204);
    expect((await setProject(api.as('carol'), submitted, project.id)).status).toBe(204);
    expect(await projectOf(published)).toBe(project.id);
    const filtered = await api
      .as('bob')
      .get<PublishedFileList>(`${FM}/files/published-files`, { siteId: bakery, projectId: project.id });
    expect(filtered.body.records.map((r) => r.id)).toEqual([published]);
    expect(filtered.body.records[0]!.project).toEqual({ id: project.id, name: project.name });
    const mine = await api.as('bob').get<PublishedFileList>('/t/acme/portal/api/files/submitted', {
      siteId: bakery,
      projectId: project.id,
    });
    expect(mine.body.records.map((r) => r.id)).toEqual([submitted]);
    const none = await api
      .as('bob')
      .get<PublishedFileList>(`${FM}/files/published-files`, { siteId: bakery, projectId: randomUUID() });
    expect(none.body.records).toEqual([]);
    expect((await setProject(api.as('bob'), submitted, null)).status).toBe(204);
    expect(await projectOf(submitted)).toBeNull();
    const history = await api.as('carol').get<FileHistory>(`${FM}/files/${submitted}/history`);
    expect(history.body.records.filter((e) => e.action === 'file.project').map((e) => e.label)).toEqual([
      'Project changed',
      'Project changed',
    ]);
  });

  it('a closed project takes no file: 409 project.closed', async () => {
    const closed = await create(api.as('carol'), bakery, `Closed ${randomUUID().slice(0, 8)}`);
    await api.as('carol').patch(`${FM}/projects/${closed.body.id}`, { status: 'closed' });
    for (const who of ['bob', 'carol'] as const) {
      expect(statusAndCode(await setProject(api.as(who), submitted, closed.body.id))).toEqual([
        409,
        'project.closed',
      ]);
    }
    expect(await projectOf(submitted)).toBeNull();
  });

  it("another site's or firm's project is 404 projects.not_found, for staff too", async () => {
    const elsewhere = await openProject(otherSite);
    const globex = (
      await api.as('dave').get<ProjectList>('/t/globex/file-management/api/projects', {
        siteId: globexSite,
      })
    ).body.records[0]!;
    for (const who of ['bob', 'carol'] as const) {
      for (const projectId of [elsewhere.id, globex.id, randomUUID()]) {
        expect(statusAndCode(await setProject(api.as(who), submitted, projectId))).toEqual([
          404,
          'projects.not_found',
        ]);
      }
    }
    expect(await projectOf(submitted)).toBeNull();
  });

  it('refuses a non-member and another firm with 404, and a member with the flag off with 403', async () => {
    const project = await openProject();
    expect(statusAndCode(await setProject(api.as('alice'), published, project.id))).toEqual([
      404,
      'files.not_found',
    ]);
    expect(
      statusAndCode(
        await api
          .as('dave')
          .put(`/t/globex/file-management/api/files/${published}/project`, { projectId: null }),
      ),
    ).toEqual([404, 'files.not_found']);
    expect(statusAndCode(await setProject(api.as('dave'), published, null))).toEqual([
      403,
      'auth.tenant_forbidden',
    ]);
    await setSiteFlags(api, bakery, 'internalFileSetProject');
    expect(statusAndCode(await setProject(api.as('bob'), published, null))).toEqual([
      403,
      'settings.forbidden',
    ]);
    expect(await projectOf(published)).toBe(project.id);
    expect((await setProject(api.as('carol'), published, null)).status).toBe(204);
    expect(await projectOf(published)).toBeNull();
  });
});
