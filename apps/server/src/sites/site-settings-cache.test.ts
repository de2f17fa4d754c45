import { DEFAULT_FILE_AREA_SETTINGS } from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database.ts';
import { testDatabaseKind, useTestDatabase } from '../testing/test-database.ts';
import { createSiteSettingsCache } from './site-settings-cache.ts';

const db = useTestDatabase();
const sites: Record<string, string> = {};

beforeAll(async () => {
  for (const code of ['acme', 'globex']) {
    await db().query(
      `INSERT INTO tenants (code, display_name, icon_png, logo, logo_content_type, primary_color, secondary_color, tertiary_color)
       VALUES ($1, $1, '\\x00', '\\x00', 'image/png', '111111', '222222', '333333')`,
      [code],
    );
  }
  const { rows } = await db().query<{ id: string; name: string }>(
    `INSERT INTO sites (tenant_code, name) VALUES ('acme', 'A1'), ('acme', 'A2'), ('globex', 'G1') RETURNING id, name`,
  );
  for (const row of rows) sites[row.name] = row.id;
  await db().query(
    `INSERT INTO file_area_settings (tenant_code, site_id, settings)
     VALUES ('acme', NULL, '{"portalFilesView": true}'), ('acme', $1, '{"portalFilesView": false}'),
            ('globex', NULL, '{"portalFilesView": true}')`,
    [sites.A1],
  );
});

/** Sets a site's override straight in the database, as another server or an operator would. */
const override = (tenant: string, siteId: string, settings: object) =>
  db().query(
    `INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_code, coalesce(site_id, '00000000-0000-0000-0000-000000000000'::uuid))
     DO UPDATE SET settings = EXCLUDED.settings`,
    [tenant, siteId, JSON.stringify(settings)],
  );

const portalFilesView = async (
  cache: ReturnType<typeof createSiteSettingsCache>,
  tenant: string,
  siteId: string,
) => (await db().readTenant(tenant, (tx) => cache.settingsOf(tx, tenant, siteId))).portalFilesView;

describe(`the site settings cache on ${testDatabaseKind()}`, () => {
  it('reads the defaults under the site override, as the staff pages show them', async () => {
    const cache = createSiteSettingsCache();
    const a1 = await db().readTenant('acme', (tx) => cache.settingsOf(tx, 'acme', sites.A1!));
    expect(a1).toEqual({ ...DEFAULT_FILE_AREA_SETTINGS, portalFilesView: false });
    expect(Object.isFrozen(a1)).toBe(true);
    expect(await portalFilesView(cache, 'acme', sites.A2!)).toBe(true);
  });

  it('keeps an answer until ttlMs has passed; a change made elsewhere is seen after that', async () => {
    let now = 0;
    const cache = createSiteSettingsCache({ ttlMs: 5_000, now: () => now });
    expect(await portalFilesView(cache, 'acme', sites.A2!)).toBe(true);
    await override('acme', sites.A2!, { portalFilesView: false });
    now = 4_999;
    expect(await portalFilesView(cache, 'acme', sites.A2!)).toBe(true);
    now = 5_000;
    expect(await portalFilesView(cache, 'acme', sites.A2!)).toBe(false);
    await db().query('DELETE FROM file_area_settings WHERE site_id = $1', [sites.A2]);
  });

  it("forgets one tenant's sites at once, and never another tenant's", async () => {
    const cache = createSiteSettingsCache();
    expect(await portalFilesView(cache, 'acme', sites.A2!)).toBe(true);
    expect(await portalFilesView(cache, 'globex', sites.G1!)).toBe(true);
    await override('acme', sites.A2!, { portalFilesView: false });
    await override('globex', sites.G1!, { portalFilesView: false });
    cache.forgetTenant('acme');
    expect(await portalFilesView(cache, 'acme', sites.A2!)).toBe(false);
    expect(await portalFilesView(cache, 'globex', sites.G1!)).toBe(true);
    await db().query('DELETE FROM file_area_settings WHERE site_id = ANY($1::uuid[])', [
      [sites.A2, sites.G1],
    ]);
  });

  it("keeps each tenant's answer for a site apart from another tenant's", async () => {
    const cache = createSiteSettingsCache();
    await override('globex', sites.G1!, { portalFilesView: false });
    // Asked under acme, globex's site has only acme's defaults: its override is not acme's to see.
    expect(await portalFilesView(cache, 'acme', sites.G1!)).toBe(true);
    expect(await portalFilesView(cache, 'globex', sites.G1!)).toBe(false);
    await db().query('DELETE FROM file_area_settings WHERE site_id = $1', [sites.G1]);
  });

  it('does not keep settings read while the tenant changed: what was read may predate the change', async () => {
    const cache = createSiteSettingsCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A request reads the settings as they were before the staff changed them, and is slow to get its answer…
    const before: Queryable = {
      query: async <T>() => {
        await gate;
        return { rows: [{ tenant_settings: { portalFilesView: true }, site_settings: {} }] as T[] };
      },
      exec: async () => {},
    };
    const inFlight = cache.settingsOf(before, 'acme', sites.A2!);
    try {
      // …meanwhile the change commits and forgets the tenant…
      await override('acme', sites.A2!, { portalFilesView: false });
      cache.forgetTenant('acme');
      release();
      expect((await inFlight).portalFilesView).toBe(true);
      // …and the next request reads the change instead of the answer that came too late.
      expect(await portalFilesView(cache, 'acme', sites.A2!)).toBe(false);
    } finally {
      await db().query('DELETE FROM file_area_settings WHERE site_id = $1', [sites.A2]);
    }
  });

  it('keeps nothing with ttlMs 0', async () => {
    const cache = createSiteSettingsCache({ ttlMs: 0 });
    expect(await portalFilesView(cache, 'acme', sites.A2!)).toBe(true);
    await override('acme', sites.A2!, { portalFilesView: false });
    expect(await portalFilesView(cache, 'acme', sites.A2!)).toBe(false);
    await db().query('DELETE FROM file_area_settings WHERE site_id = $1', [sites.A2]);
  });
});
