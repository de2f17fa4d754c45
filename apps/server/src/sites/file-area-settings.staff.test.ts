import { randomUUID } from 'node:crypto';
import {
  DEFAULT_FILE_AREA_SETTINGS,
  FILE_AREA_SETTING_KEYS,
  type PublishedFileList,
  type SiteFileAreaSettings,
  type SiteList,
  type TenantFileAreaSettings,
} from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FILE_AREA_SETTINGS } from '../db/seed/demo-data.ts';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';
import { expectStaffOnly } from '../testing/staff-access.ts';

const api = useTestApi();
let bakery: string;
const DEMO = { ...DEFAULT_FILE_AREA_SETTINGS, ...DEMO_FILE_AREA_SETTINGS };

const tenantPath = (t = 'acme') => `/t/${t}/portal/api/staff/file-area-settings`;
const sitePath = (siteId: string, t = 'acme') =>
  `/t/${t}/portal/api/staff/sites/${siteId}/file-area-settings`;
const patchTenant = (body: unknown) => api.as('carol').patch<TenantFileAreaSettings>(tenantPath(), body);
const patchSite = (body: unknown) => api.as('carol').patch<SiteFileAreaSettings>(sitePath(bakery), body);
/** The effective flags a client's `GET api/sites` carries for a site. */
const clientSees = async (client: ApiClient, reference: string) => {
  const { body } = await client.get<SiteList>('/t/acme/portal/api/sites?limit=100');
  return body.records.find((s) => s.id === api.siteId(reference))!.fileAreaSettings;
};

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
});

describe("the firm's defaults", () => {
  it('answers every flag, as stored', async () => {
    const { status, body } = await api.as('carol').get<TenantFileAreaSettings>(tenantPath());
    expect(status).toBe(200);
    expect(Object.keys(body.settings).sort()).toEqual([...FILE_AREA_SETTING_KEYS].sort());
    expect(body.settings).toEqual(DEMO);
  });

  it('changes the flags sent; clients see them at their next call, on every site without an override', async () => {
    const changed = await patchTenant({ urlFileUpload: true, internalFilesDelete: false });
    expect(changed.status).toBe(200);
    expect(changed.body.settings).toEqual({ ...DEMO, urlFileUpload: true, internalFilesDelete: false });
    expect(await clientSees(api.as('bob'), 'ACME-1001')).toMatchObject({
      urlFileUpload: true,
      internalFilesDelete: false,
    });
    expect(await clientSees(api.as('alice'), 'ACME-1002')).toMatchObject({ urlFileUpload: true });

    const back = await patchTenant({ urlFileUpload: false, internalFilesDelete: true });
    expect(back.body.settings).toEqual(DEMO);
    expect(await clientSees(api.as('bob'), 'ACME-1001')).toEqual(DEMO);
  });

  it('refuses unknown flags, non-booleans and an empty change', async () => {
    for (const body of [{}, { canDoAnything: true }, { portalFilesView: 'yes' }, { portalFilesView: null }]) {
      const answer = await patchTenant(body);
      expect([JSON.stringify(body), answer.status, errorCode(answer.body)]).toEqual([
        JSON.stringify(body),
        400,
        'request.invalid',
      ]);
    }
  });

  it('refuses clients and other firms, and changes nothing for them', async () => {
    await expectStaffOnly(api, { method: 'GET', path: (t) => tenantPath(t) });
    await expectStaffOnly(api, {
      method: 'PATCH',
      path: (t) => tenantPath(t),
      body: { portalFilesView: false },
    });
    expect((await api.as('carol').get<TenantFileAreaSettings>(tenantPath())).body.settings).toEqual(DEMO);
  });
});

describe("a site's overrides", () => {
  it("turns internalFilesDownload off for bob's site only: his effective settings say so, and the server refuses his download", async () => {
    const { body: files } = await api
      .as('bob')
      .get<PublishedFileList>(`/t/acme/file-management/api/files/published-files?siteId=${bakery}`);
    const download = async () => {
      const response = await api
        .as('bob')
        .raw(`/t/acme/file-management/api/files/published-files/${files.records[0]!.id}`);
      const text = await response.text();
      return { status: response.status, body: response.ok ? null : JSON.parse(text) };
    };
    expect((await download()).status).toBe(200);

    const off = await patchSite({ internalFilesDownload: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      siteId: bakery,
      tenantDefaults: DEMO,
      overrides: { internalFilesDownload: false },
      effective: { ...DEMO, internalFilesDownload: false },
    });
    expect((await clientSees(api.as('bob'), 'ACME-1001')).internalFilesDownload).toBe(false);
    expect((await clientSees(api.as('alice'), 'ACME-1002')).internalFilesDownload).toBe(true);
    const refused = await download();
    expect([refused.status, errorCode(refused.body)]).toEqual([403, 'settings.forbidden']);

    // The override outlives a change of the default, which still reaches the flags it does not name.
    await patchTenant({ internalFilesDownload: true, urlFileUpload: true });
    expect(await clientSees(api.as('bob'), 'ACME-1001')).toMatchObject({
      internalFilesDownload: false,
      urlFileUpload: true,
    });
    await patchTenant({ urlFileUpload: false });

    const cleared = await patchSite({ internalFilesDownload: null });
    expect(cleared.body).toMatchObject({ overrides: {}, effective: DEMO });
    expect((await download()).status).toBe(200);
  });

  it('answers the stored overrides and what is in force', async () => {
    await patchSite({ urlFileUpload: true, portalFilesView: false });
    const { status, body } = await api.as('carol').get<SiteFileAreaSettings>(sitePath(bakery));
    expect(status).toBe(200);
    expect(body.overrides).toEqual({ urlFileUpload: true, portalFilesView: false });
    expect(body.effective).toEqual({ ...DEMO, urlFileUpload: true, portalFilesView: false });
    expect(Date.parse(body.updatedAt!)).not.toBeNaN();
  });

  it('clears every override at once', async () => {
    const reset = await api.as('carol').delete<SiteFileAreaSettings>(sitePath(bakery));
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ overrides: {}, effective: DEMO, updatedAt: null });
    expect(await clientSees(api.as('bob'), 'ACME-1001')).toEqual(DEMO);
  });

  it('leaves out what a stored row holds that is not a flag, and does not write it back', async () => {
    await api.db.query(
      "INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ('acme', $1, $2)",
      [bakery, JSON.stringify({ injected: true, portalFilesView: 'no', urlFileUpload: true })],
    );
    expect((await api.as('carol').get<SiteFileAreaSettings>(sitePath(bakery))).body.overrides).toEqual({
      urlFileUpload: true,
    });
    await patchSite({ internalFilesCopy: true });
    const { rows } = await api.db.query<{ settings: unknown }>(
      'SELECT settings FROM file_area_settings WHERE site_id = $1',
      [bakery],
    );
    expect(rows[0]?.settings).toEqual({ urlFileUpload: true, internalFilesCopy: true });
    await api.as('carol').delete(sitePath(bakery));
  });

  it('answers 404 for sites of other firms and refuses bad bodies', async () => {
    for (const id of [randomUUID(), api.siteId('GLX-2001')]) {
      const answer = await api.as('carol').patch(sitePath(id), { portalFilesView: false });
      expect([answer.status, errorCode(answer.body)]).toEqual([404, 'sites.not_found']);
    }
    for (const body of [{}, { sneaky: null }, { portalFilesView: 1 }]) {
      const answer = await patchSite(body);
      expect([answer.status, errorCode(answer.body)]).toEqual([400, 'request.invalid']);
    }
  });

  it('refuses clients and other firms, and changes nothing for them', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      await expectStaffOnly(api, {
        method,
        path: (t) => sitePath(bakery, t),
        ...(method === 'PATCH' ? { body: { internalFilesDownload: false } } : {}),
        foreignIdCode: 'sites.not_found',
      });
    }
    expect(await clientSees(api.as('bob'), 'ACME-1001')).toEqual(DEMO);
  });
});
