import { describe, expect, test } from 'vitest';
import { fakeJwt } from '../testing/fixtures.ts';
import { initialAppState } from './app-slice.ts';
import { createInitialClientState } from './client-state-slice.ts';
import {
  selectHasSeveralTenants,
  selectIsInitializing,
  selectMenuKeys,
  selectTenantCodes,
} from './selectors.ts';

const stateWith = (token: string | null, claim = 'tid', app = initialAppState) => {
  const clientState = createInitialClientState(claim);
  return {
    app,
    clientState: {
      ...clientState,
      auth: { ...clientState.auth, accessToken: token, isAuthenticated: !!token },
    },
  };
};

describe('selectors', () => {
  test('tenant codes come from the configured claim of the access token', () => {
    expect(selectTenantCodes(stateWith(fakeJwt({ tid: ['acme', 'globex'] })))).toEqual(['acme', 'globex']);
    expect(selectTenantCodes(stateWith(fakeJwt({ org: 'acme' }), 'org'))).toEqual(['acme']);
    expect(selectTenantCodes(stateWith(null))).toEqual([]);
  });

  test('the tenant dropdown is for tokens with more than one tenant', () => {
    expect(selectHasSeveralTenants(stateWith(fakeJwt({ tid: ['acme', 'globex'] })))).toBe(true);
    expect(selectHasSeveralTenants(stateWith(fakeJwt({ tid: ['acme'] })))).toBe(false);
  });

  test('isInitializing is computed from the state, not trusted from storage', () => {
    const app = {
      ...initialAppState,
      tenant: 'acme',
      tenantContext: { tenantCode: 'acme', tenantDisplayName: 'Acme', tenantIcon: '' },
      endPoints: [{ serviceType: 'user' as const, entrypointAddress: 'http://x/', roleType: 'r' }],
      menuItems: [{ key: 'k', name: 'K', order: 1, noRoute: false, subMenus: [] }],
      selectedSite: 's',
      // As a stale persisted flag would say:
      isInitializing: true,
    };
    expect(selectIsInitializing(stateWith('t', 'tid', app))).toBe(false);
    expect(
      selectIsInitializing(stateWith('t', 'tid', { ...app, apiError: { code: 'x', message: 'y' } })),
    ).toBe(true);
  });

  test('menu keys are collected at every depth', () => {
    const app = {
      ...initialAppState,
      menuItems: [
        {
          key: 'files',
          name: 'Files',
          order: 1,
          noRoute: false,
          subMenus: [{ key: 'publishedFiles', name: 'Published', order: 1, noRoute: false, subMenus: [] }],
        },
      ],
    };
    expect([...selectMenuKeys(stateWith(null, 'tid', app))]).toEqual(['files', 'publishedFiles']);
  });
});
