import { createSelector } from '@reduxjs/toolkit';
import { readTenantCodes } from '../lib/jwt.ts';
import { computeIsInitializing } from './app-slice.ts';
import type { ShellState } from './store.ts';

type State = Pick<ShellState, 'app' | 'clientState'>;

export const selectApp = (state: State) => state.app;
export const selectTenant = (state: State) => state.app.tenant;
export const selectEndPoints = (state: State) => state.app.endPoints;
export const selectMenuItems = (state: State) => state.app.menuItems;
export const selectSelectedSite = (state: State) => state.app.selectedSite;
export const selectTenantContext = (state: State) => state.app.tenantContext;
export const selectApiError = (state: State) => state.app.apiError;
export const selectUser = (state: State) => state.app.user;
export const selectPublishedFileCount = (state: State) => state.app.publishedFileCount;
export const selectDynamicBreadcrumbValues = (state: State) => state.app.dynamicBreadcrumbValues;
export const selectAuth = (state: State) => state.clientState.auth;
export const selectAccessToken = (state: State) => state.clientState.auth.accessToken;
export const selectRecordCount = (state: State) => state.clientState.recordCount;
export const selectIsLoggingOut = (state: State) => state.clientState.isLoggingOut;

/** SPEC §4, computed from the state itself rather than trusting the stored flag. */
export const selectIsInitializing = (state: State) => computeIsInitializing(state.app);

/** The tenant codes in the access token's tenant claim. */
export const selectTenantCodes = createSelector(
  [selectAccessToken, (state: State) => state.clientState.tenantClaim],
  (token, claim) => readTenantCodes(token, claim),
);

/** The header shows the tenant dropdown only when the token lists more than one tenant (SPEC §2). */
export const selectHasSeveralTenants = (state: State) => selectTenantCodes(state).length > 1;

/** The server menu's keys, at every depth. */
export const selectMenuKeys = createSelector([selectMenuItems], (items) => {
  const keys = new Set<string>();
  const walk = (entries: typeof items) => {
    for (const entry of entries) {
      keys.add(entry.key);
      walk(entry.subMenus ?? []);
    }
  };
  walk(items);
  return keys;
});
