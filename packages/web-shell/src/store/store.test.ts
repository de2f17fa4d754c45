import { LIMITS } from '@portico/contracts';
import { createSlice } from '@reduxjs/toolkit';
import { describe, expect, test, vi } from 'vitest';
import { shellApi } from '../api/shell-api.ts';
import { createTestStore, memoryStorage } from '../testing/render-with-shell.tsx';
import { resetApp, setApiError, setMenuItems, setSelectedSite, setTenant } from './app-slice.ts';
import { authStateChanged } from './client-state-slice.ts';
import { localPersistStorage } from './persist-storage.ts';
import { PERSIST_BLACKLIST, persistConfigFor } from './store.ts';

describe('the store', () => {
  test('persists with version 1 and a 5000 ms timeout, excluding the client state and the query cache', () => {
    const config = persistConfigFor('portico.test', localPersistStorage);
    expect(config.version).toBe(1);
    expect(config.version).toBe(LIMITS.persistVersion);
    expect(config.timeout).toBe(5000);
    expect(PERSIST_BLACKLIST).toEqual(['clientState', 'api']);
  });

  test("writes the app slice and the app's own slices, never the tokens", async () => {
    const storage = memoryStorage();
    // An app's own state (the portal gives its uploader), persisted beside the shell's.
    const uploader = createSlice({
      name: 'uploader',
      initialState: { files: [] as string[] },
      reducers: { add: (state, action: { payload: string }) => void state.files.push(action.payload) },
    });
    const { store, persistor, rehydrated } = createTestStore(storage, [uploader]);
    await rehydrated();
    store.dispatch(setTenant('acme'));
    store.dispatch(uploader.actions.add('a.pdf'));
    store.dispatch(
      authStateChanged({
        isAuthenticated: true,
        idToken: 'id-token',
        accessToken: 'access-token',
        refreshToken: 'refresh-token',
        error: null,
      }),
    );
    await persistor.flush();
    const written = storage.data.get('persist:portico.test');
    expect(written).toBeDefined();
    const stored = JSON.parse(written!);
    expect(Object.keys(stored).sort()).toEqual(['_persist', 'app', 'uploader']);
    expect(JSON.parse(stored.uploader).files).toEqual(['a.pdf']);
    expect(JSON.parse(stored.app).tenant).toBe('acme');
    expect(written).not.toContain('access-token');
    expect(JSON.parse(stored._persist).version).toBe(1);
  });

  test('keeps the tenant under its own local-storage key and removes it when emptied', () => {
    const { store, keys } = createTestStore();
    store.dispatch(setTenant('acme'));
    expect(localStorage.getItem(keys.tenant)).toBe('acme');
    store.dispatch(setTenant(''));
    expect(localStorage.getItem(keys.tenant)).toBeNull();
  });

  test('starts from the stored tenant', () => {
    localStorage.setItem('portico.test.tenant', 'globex');
    const { store } = createTestStore();
    expect(store.getState().app.tenant).toBe('globex');
  });

  test('caches the menu tree and the site selection per tenant, and forgets them with the tenant', () => {
    const { store, keys } = createTestStore();
    store.dispatch(setTenant('acme'));
    const items = [
      { key: 'submittedFiles', name: 'Submitted Files', order: 1, noRoute: false, subMenus: [] },
    ];
    store.dispatch(setMenuItems(items));
    store.dispatch(setSelectedSite('site-1'));
    expect(JSON.parse(localStorage.getItem(keys.menuTree)!)).toEqual({ tenant: 'acme', items });
    expect(JSON.parse(localStorage.getItem(keys.siteSelection)!)).toEqual({
      tenant: 'acme',
      siteId: 'site-1',
    });

    store.dispatch(setTenant('globex'));
    expect(localStorage.getItem(keys.menuTree)).toBeNull();
    expect(localStorage.getItem(keys.siteSelection)).toBeNull();
    expect(store.getState().app.endPoints).toEqual([]);
  });

  test('logout removes the tenant keys', () => {
    const { store, keys } = createTestStore();
    store.dispatch(setTenant('acme'));
    store.dispatch(resetApp());
    expect(localStorage.getItem(keys.tenant)).toBeNull();
    expect(store.getState().app.tenant).toBeNull();
  });

  test('never writes an initialisation error: a reload tries again', async () => {
    const storage = memoryStorage();
    const { store, persistor, rehydrated } = createTestStore(storage);
    await rehydrated();
    store.dispatch(setTenant('acme'));
    store.dispatch(setApiError({ code: 'FETCH_ERROR', message: 'offline' }));
    await persistor.flush();
    const app = JSON.parse(JSON.parse(storage.data.get('persist:portico.test')!).app);
    expect(app.tenant).toBe('acme');
    expect(app.apiError).toBeNull();
  });

  test("reads the sites' settings again after any call the site's settings refused", () => {
    const { store } = createTestStore();
    const invalidate = vi.spyOn(shellApi.util, 'invalidateTags');
    const rejected = (code: string) => ({
      type: 'test/call/rejected',
      payload: { status: 403, data: { error: { code, message: 'Renaming files is turned off.' } } },
      meta: {
        requestId: 'r',
        requestStatus: 'rejected',
        rejectedWithValue: true,
        aborted: false,
        condition: false,
      },
      error: { message: 'Rejected' },
    });
    store.dispatch(rejected('auth.forbidden'));
    expect(invalidate).not.toHaveBeenCalled();
    store.dispatch(rejected('settings.forbidden'));
    expect(invalidate).toHaveBeenCalledWith(['Sites']);
    invalidate.mockRestore();
  });
});
