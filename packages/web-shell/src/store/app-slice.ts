import type { MenuEntry, ServiceType, TenantContext } from '@portico/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '../lib/http-errors.ts';

/** A discovered service address for this front end's client type (SPEC §3). */
export interface EndPoint {
  serviceType: ServiceType;
  entrypointAddress: string;
  roleType: string;
}

export interface ShellUser {
  name: string;
}

/** The persisted application state of SPEC §3. */
export interface AppState {
  tenant: string | null;
  endPoints: EndPoint[];
  user: ShellUser | null;
  menuItems: MenuEntry[];
  selectedSite: string | null;
  publishedFileCount: number;
  /** Breadcrumb titles that replace a route's static title, by crumb key (e.g. `site` → the site's name). */
  dynamicBreadcrumbValues: Record<string, string>;
  apiError: ApiError | null;
  tenantContext: TenantContext | null;
  authUrl: string | null;
  isInitializing: boolean;
}

/**
 * SPEC §4: the app is initialising until tenant, tenantContext, endPoints, non-empty menuItems and selectedSite
 * are all set and no apiError exists.
 */
export function computeIsInitializing(
  state: Pick<AppState, 'tenant' | 'tenantContext' | 'endPoints' | 'menuItems' | 'selectedSite' | 'apiError'>,
): boolean {
  return !(
    state.tenant &&
    state.tenantContext &&
    state.endPoints.length > 0 &&
    state.menuItems.length > 0 &&
    state.selectedSite &&
    !state.apiError
  );
}

export const initialAppState: AppState = {
  tenant: null,
  endPoints: [],
  user: null,
  menuItems: [],
  selectedSite: null,
  publishedFileCount: 0,
  dynamicBreadcrumbValues: {},
  apiError: null,
  tenantContext: null,
  authUrl: null,
  isInitializing: true,
};

/** Everything that belongs to one tenant and must go when the tenant changes. */
function clearTenantData(state: AppState) {
  state.endPoints = [];
  state.tenantContext = null;
  state.menuItems = [];
  state.selectedSite = null;
  state.publishedFileCount = 0;
  state.dynamicBreadcrumbValues = {};
  state.apiError = null;
}

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    /** An empty tenant removes it; a different tenant clears its endpoints, context, menu and site (SPEC §4). */
    setTenant(state, action: PayloadAction<string | null | undefined>) {
      const tenant = action.payload?.trim() || null;
      if (tenant === state.tenant) return;
      state.tenant = tenant;
      clearTenantData(state);
    },
    setEndPoints(state, action: PayloadAction<EndPoint[]>) {
      state.endPoints = action.payload;
    },
    /** Forget the discovered addresses so that the next render asks discovery again. */
    clearEndPoints(state) {
      state.endPoints = [];
    },
    setUser(state, action: PayloadAction<ShellUser | null>) {
      state.user = action.payload;
    },
    setMenuItems(state, action: PayloadAction<MenuEntry[]>) {
      state.menuItems = action.payload;
    },
    setSelectedSite(state, action: PayloadAction<string | null>) {
      state.selectedSite = action.payload;
    },
    setPublishedFileCount(state, action: PayloadAction<number>) {
      state.publishedFileCount = Math.max(0, Math.trunc(action.payload) || 0);
    },
    setDynamicBreadcrumbValue(state, action: PayloadAction<{ key: string; value: string | null }>) {
      const { key, value } = action.payload;
      if (value) state.dynamicBreadcrumbValues[key] = value;
      else delete state.dynamicBreadcrumbValues[key];
    },
    setApiError(state, action: PayloadAction<ApiError | null>) {
      state.apiError = action.payload;
    },
    setTenantContext(state, action: PayloadAction<TenantContext | null>) {
      state.tenantContext = action.payload;
    },
    setAuthUrl(state, action: PayloadAction<string | null>) {
      state.authUrl = action.payload;
    },
    /** Start the tenant's initialisation over: a new discovery, then context, menu, theme and sites. */
    retryInitialisation(state) {
      state.endPoints = [];
      state.apiError = null;
    },
    /** Logout: nothing of the signed-in user survives. */
    resetApp(state) {
      return { ...initialAppState, authUrl: state.authUrl };
    },
  },
  extraReducers: (builder) => {
    // After every change of this slice (and after rehydration), keep the derived flag in step with the rule.
    builder.addMatcher(
      (action) => action.type.startsWith('app/') || action.type === 'persist/REHYDRATE',
      (state) => {
        state.isInitializing = computeIsInitializing(state);
      },
    );
  },
});

export const {
  setTenant,
  setEndPoints,
  clearEndPoints,
  setUser,
  setMenuItems,
  setSelectedSite,
  setPublishedFileCount,
  setDynamicBreadcrumbValue,
  setApiError,
  setTenantContext,
  setAuthUrl,
  retryInitialisation,
  resetApp,
} = appSlice.actions;
