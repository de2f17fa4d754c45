import { describe, expect, test } from 'vitest';
import { findAccountById, tenantsOf } from '../idp/accounts.ts';
import { errorCode, useTestApi } from '../testing/api.ts';
import { setServiceAddress, showDiscovery } from './service-addresses.usecases.ts';
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
