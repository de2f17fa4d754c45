import type { MenuEntry, TenantContext } from '@portico/contracts';
import { describe, expect, test } from 'vitest';
import {
  appSlice,
  computeIsInitializing,
  initialAppState,
  resetApp,
  retryInitialisation,
  setApiError,
  setDynamicBreadcrumbValue,
  setEndPoints,
  setMenuItems,
  setPublishedFileCount,
  setSelectedSite,
  setTenant,
  setTenantContext,
  setUser,
} from './app-slice.ts';

const reduce = (actions: Parameters<typeof appSlice.reducer>[1][], state = initialAppState) =>
  actions.reduce(appSlice.reducer, state);

const context: TenantContext = {
  tenantCode: 'acme',
  tenantDisplayName: 'Acme Accounting',
  tenantIcon: 'iVBOR',
};
const menu: MenuEntry[] = [
  { key: 'submittedFiles', name: 'Submitted Files', order: 1, noRoute: false, subMenus: [] },
];
const endPoints = [
  {
    serviceType: 'user' as const,
    entrypointAddress: 'http://x/t/acme/user/',
    roleType: 'DocumentManagementRole',
  },
];

const ready = () =>
  reduce([
    setTenant('acme'),
    setTenantContext(context),
    setEndPoints(endPoints),
    setMenuItems(menu),
    setSelectedSite('site-1'),
  ]);

describe('the app slice', () => {
  test('starts initialising, with nothing chosen', () => {
    expect(initialAppState.isInitializing).toBe(true);
    expect(initialAppState.tenant).toBeNull();
    expect(initialAppState.endPoints).toEqual([]);
  });

  test('is initialising until tenant, context, endpoints, a non-empty menu and a site are all set', () => {
    const steps = [
      setTenant('acme'),
      setTenantContext(context),
      setEndPoints(endPoints),
      setMenuItems(menu),
      setSelectedSite('site-1'),
    ];
    let state = initialAppState;
    for (const [index, action] of steps.entries()) {
      state = appSlice.reducer(state, action);
      expect(state.isInitializing).toBe(index < steps.length - 1);
    }
  });

  test('an empty menu keeps it initialising', () => {
    expect(reduce([setMenuItems([])], ready()).isInitializing).toBe(true);
  });

  test('an apiError makes it initialising again, and a retry clears the error and the endpoints', () => {
    const failed = reduce([setApiError({ code: 'FETCH_ERROR', message: 'offline' })], ready());
    expect(failed.isInitializing).toBe(true);
    const retried = reduce([retryInitialisation()], failed);
    expect(retried.apiError).toBeNull();
    expect(retried.endPoints).toEqual([]);
    expect(retried.isInitializing).toBe(true);
  });

  test('changing the tenant clears its endpoints, context, menu, site, count and breadcrumbs', () => {
    const before = reduce(
      [setPublishedFileCount(3), setDynamicBreadcrumbValue({ key: 'site', value: "Bob's Bakery" })],
      ready(),
    );
    const after = reduce([setTenant('globex')], before);
    expect(after.tenant).toBe('globex');
    expect(after.endPoints).toEqual([]);
    expect(after.tenantContext).toBeNull();
    expect(after.menuItems).toEqual([]);
    expect(after.selectedSite).toBeNull();
    expect(after.publishedFileCount).toBe(0);
    expect(after.dynamicBreadcrumbValues).toEqual({});
    expect(after.isInitializing).toBe(true);
  });

  test('setting the same tenant again keeps everything', () => {
    const state = ready();
    expect(reduce([setTenant('acme')], state)).toEqual(state);
  });

  test('an empty tenant removes it', () => {
    expect(reduce([setTenant('')], ready()).tenant).toBeNull();
    expect(reduce([setTenant('   ')], ready()).tenant).toBeNull();
    expect(reduce([setTenant(null)], ready()).tenant).toBeNull();
  });

  test('a dynamic breadcrumb value is set and removed by key', () => {
    const set = reduce([setDynamicBreadcrumbValue({ key: 'site', value: 'Northwind' })]);
    expect(set.dynamicBreadcrumbValues).toEqual({ site: 'Northwind' });
    expect(
      reduce([setDynamicBreadcrumbValue({ key: 'site', value: null })], set).dynamicBreadcrumbValues,
    ).toEqual({});
  });

  test('the published file count is a whole, non-negative number', () => {
    expect(reduce([setPublishedFileCount(-2)]).publishedFileCount).toBe(0);
    expect(reduce([setPublishedFileCount(4.7)]).publishedFileCount).toBe(4);
  });

  test('logout resets everything but the issuer', () => {
    const state = reduce(
      [setUser({ name: 'Bob Baker' }), { type: 'app/setAuthUrl', payload: 'http://idp' }],
      ready(),
    );
    const reset = reduce([resetApp()], state);
    expect(reset).toEqual({ ...initialAppState, authUrl: 'http://idp' });
  });

  test('computeIsInitializing follows SPEC §4 alone', () => {
    const complete = ready();
    expect(computeIsInitializing(complete)).toBe(false);
    expect(computeIsInitializing({ ...complete, selectedSite: null })).toBe(true);
    expect(computeIsInitializing({ ...complete, tenantContext: null })).toBe(true);
    expect(computeIsInitializing({ ...complete, endPoints: [] })).toBe(true);
  });
});
