import { describe, expect, test } from 'vitest';
import { findAccountById, tenantsOf } from '../idp/accounts.ts';
import { errorCode, useTestApi } from '../testing/api.ts';
import { setServiceAddress, showDiscovery } from './service-addresses.usecases.ts';
import { drawMonogramPng, initialsOf, NEUTRAL_COLORS } from './tenant-mark.ts';
import {
  createTenant,
  disableTenant,
  listTenantStaff,
  removeStaff,
  renameTenant,
} from './tenants.usecases.ts';

const OPERATOR = { via: 'test' };
const contexts = '/discovery/api/DiscoveryContext/GetTenantContexts';

describe('firms as an operator manages them', () => {
  const api = useTestApi();

  test("one firm's staff list, removal and addresses never reach another firm's", async () => {
    expect((await listTenantStaff(api.db, 'acme')).map((s) => s.email)).toEqual(['carol@acme.example']);
    // Dave is Globex's: removing him "from Acme" finds nobody, and he stays Globex staff.
    await expect(removeStaff(api.db, OPERATOR, 'acme', 'dave@globex.example')).rejects.toMatchObject({
      code: 'staff.not_found',
    });
    expect((await listTenantStaff(api.db, 'globex')).map((s) => s.email)).toEqual(['dave@globex.example']);

    await setServiceAddress(api.db, OPERATOR, 'acme', {
      serviceType: 'portal',
      clientTypes: ['portal'],
      address: 'https://files.acme.example/t/acme/portal/',
    });
    const globex = await showDiscovery(api.db, 'globex', api.url);
    expect(globex.filter((r) => r.address.includes('acme'))).toEqual([]);
    await setServiceAddress(api.db, OPERATOR, 'acme', {
      serviceType: 'portal',
      clientTypes: ['portal'],
      address: '/t/acme/portal/',
    });
  });

  test('a new firm starts with its addresses, menus and settings, and a second one of the same code is refused', async () => {
    await createTenant(api.db, OPERATOR, { code: 'initech', displayName: 'Initech Advisory' });
    expect(await showDiscovery(api.db, 'initech', api.url)).toHaveLength(10);
    await expect(
      createTenant(api.db, OPERATOR, { code: 'initech', displayName: 'Again' }),
    ).rejects.toMatchObject({
      code: 'tenant.exists',
    });
    await renameTenant(api.db, OPERATOR, 'initech', 'Initech');
    await expect(renameTenant(api.db, OPERATOR, 'no-such', 'X')).rejects.toMatchObject({
      code: 'tenant.not_found',
    });
  });

  test("a new firm's logo and icon are a neutral monogram of its own initials, not a demo firm's mark", async () => {
    expect(initialsOf('Smith & Jones Ltd', 'sj')).toBe('SJ');
    expect(initialsOf('Émile Zola & Co', 'ez')).toBe('EZ');
    expect(initialsOf('Ørsted', 'orsted-1')).toBe('O');
    expect(initialsOf('–', '2x')).toBe('2');
    await createTenant(api.db, OPERATOR, { code: 'hooli', displayName: 'Hooli Partners' });
    const { rows } = await api.db.query<{ icon_png: Buffer; logo: Buffer; primary_color: string }>(
      "SELECT icon_png, logo, primary_color FROM tenants WHERE code = 'hooli'",
    );
    const { icon_png: icon, logo, primary_color: primary } = rows[0]!;
    expect(primary.replace('#', '').toUpperCase()).toBe(NEUTRAL_COLORS.primary);
    expect(
      Buffer.from(logo).equals(drawMonogramPng(160, 'HP', NEUTRAL_COLORS.primary, NEUTRAL_COLORS.secondary)),
    ).toBe(true);
    expect(
      Buffer.from(icon).equals(drawMonogramPng(64, 'HP', NEUTRAL_COLORS.primary, NEUTRAL_COLORS.secondary)),
    ).toBe(true);
    // Another firm's initials draw another monogram.
    expect(
      Buffer.from(logo).equals(drawMonogramPng(160, 'IA', NEUTRAL_COLORS.primary, NEUTRAL_COLORS.secondary)),
    ).toBe(false);
  });

  test('a disabled firm answers like a missing one, is left out of discovery and of new tokens', async () => {
    const daveId = await api.userId('dave');
    expect(await tenantsOf(api.db, daveId)).toEqual(['globex']);
    await disableTenant(api.db, OPERATOR, 'globex');
    // A token issued before still lists globex; Dave's first call after: nothing cached for him yet.
    const sites = await api.as('dave', { tenants: ['globex'] }).get('/t/globex/portal/api/staff/sites');
    expect([sites.status, errorCode(sites.body)]).toEqual([404, 'tenant.not_found']);
    const named = await api
      .as('alice', { tenants: ['acme', 'globex'] })
      .get(`${contexts}?tenantCodes=globex`);
    expect([named.status, errorCode(named.body)]).toEqual([404, 'tenant.not_found']);
    expect(await tenantsOf(api.db, daveId)).toEqual([]);
    expect(await findAccountById(api.db, daveId)).toBeDefined();
    // Acme is untouched.
    expect((await api.as('carol').get('/t/acme/portal/api/staff/sites')).status).toBe(200);
  });
});
