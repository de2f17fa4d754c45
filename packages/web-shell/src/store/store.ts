import { LIMITS } from '@portico/contracts';
import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  isAnyOf,
  isRejectedWithValue,
  type Slice,
} from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  createTransform,
  FLUSH,
  PAUSE,
  PERSIST,
  type PersistConfig,
  PURGE,
  persistReducer,
  persistStore,
  REGISTER,
  REHYDRATE,
  type Storage,
} from 'redux-persist';
import type { ShellExtra } from '../api/base-query.ts';
import { shellApi } from '../api/shell-api.ts';
import { type StorageKeys, safeStorage } from '../lib/storage-keys.ts';
import {
  type AppState,
  appSlice,
  computeIsInitializing,
  initialAppState,
  resetApp,
  setMenuItems,
  setSelectedSite,
  setTenant,
} from './app-slice.ts';
import { clientStateSlice, createInitialClientState } from './client-state-slice.ts';
import { localPersistStorage } from './persist-storage.ts';

/** The stable code of a rejected call's error body (`{ data: { error: { code } } }`), if it has one. */
function errorCodeOf(payload: unknown): string | undefined {
  const data = (payload as { data?: { error?: { code?: unknown } } } | undefined)?.data;
  return typeof data?.error?.code === 'string' ? data.error.code : undefined;
}

const shellReducers = {
  app: appSlice.reducer,
  clientState: clientStateSlice.reducer,
  [shellApi.reducerPath]: shellApi.reducer,
};
const shellRootReducer = combineReducers(shellReducers);

/** The shell's state; an app's own slices (`AppDescriptor.slices`) sit beside it, persisted alike. */
export type ShellState = ReturnType<typeof shellRootReducer>;

/** Slices redux-persist never writes: the client state (tokens) and the query cache (SPEC §4). */
export const PERSIST_BLACKLIST: (keyof ShellState)[] = [clientStateSlice.name, shellApi.reducerPath];

/**
 * An initialisation error belongs to one visit: a reload tries again rather than showing yesterday's failure.
 */
const withoutApiError = createTransform<AppState, AppState>(
  (state) => ({
    ...state,
    apiError: null,
    isInitializing: computeIsInitializing({ ...state, apiError: null }),
  }),
  (state) => state,
  { whitelist: ['app'] },
);

export function persistConfigFor(key: string, storage: Storage): PersistConfig<ShellState> {
  return {
    key,
    version: LIMITS.persistVersion,
    timeout: LIMITS.persistTimeoutMs,
    storage,
    blacklist: PERSIST_BLACKLIST,
    transforms: [withoutApiError],
    // State written by another version is dropped rather than trusted.
    migrate: (state, version) =>
      Promise.resolve(state && state._persist?.version === version ? state : undefined),
  };
}

export interface ShellStoreOptions {
  keys: StorageKeys;
  /** The app's own state beside the shell's (the portal's uploader), persisted with the app slice. */
  slices?: readonly Slice[];
  extra: ShellExtra;
  tenantClaim: string;
  /** Defaults to localStorage; tests pass an in-memory one. */
  storage?: Storage;
}

/** The store of one front end: slices, the query API, persistence and the local-storage side effects. */
export function createShellStore({
  keys,
  extra,
  tenantClaim,
  storage = localPersistStorage,
  slices = [],
}: ShellStoreOptions) {
  const listener = createListenerMiddleware();
  const rootReducer = slices.length
    ? (combineReducers({
        ...shellReducers,
        ...Object.fromEntries(slices.map((slice) => [slice.reducerPath, slice.reducer])),
      }) as unknown as typeof shellRootReducer)
    : shellRootReducer;

  // The tenant has its own local-storage key (SPEC §3); an empty tenant removes it (SPEC §4).
  listener.startListening({
    actionCreator: setTenant,
    effect: (_action, api) => {
      const { tenant } = (api.getState() as ShellState).app;
      if (tenant) safeStorage.set(keys.tenant, tenant);
      else safeStorage.remove(keys.tenant);
      if (tenant !== (api.getOriginalState() as ShellState).app.tenant) {
        safeStorage.remove(keys.siteSelection);
        safeStorage.remove(keys.menuTree);
      }
    },
  });
  listener.startListening({
    actionCreator: setSelectedSite,
    effect: (action, api) => {
      const { tenant } = (api.getState() as ShellState).app;
      if (action.payload) safeStorage.setJson(keys.siteSelection, { tenant, siteId: action.payload });
      else safeStorage.remove(keys.siteSelection);
    },
  });
  listener.startListening({
    actionCreator: setMenuItems,
    effect: (action, api) => {
      const { tenant } = (api.getState() as ShellState).app;
      safeStorage.setJson(keys.menuTree, { tenant, items: action.payload });
    },
  });
  listener.startListening({
    matcher: isAnyOf(resetApp),
    effect: () => {
      for (const key of [keys.tenant, keys.siteSelection, keys.menuTree]) safeStorage.remove(key);
    },
  });

  // Any call the site's settings refused (403 `settings.forbidden`) means the page offers what the site no longer
  // allows: the sites and their settings are read again, whichever page made the call (issue 30 item 4).
  listener.startListening({
    matcher: isRejectedWithValue,
    effect: (action, api) => {
      if (errorCodeOf(action.payload) === 'settings.forbidden')
        api.dispatch(shellApi.util.invalidateTags(['Sites']));
    },
  });

  const storedTenant = safeStorage.get(keys.tenant);
  const store = configureStore({
    reducer: persistReducer(persistConfigFor(keys.persist, storage), rootReducer),
    preloadedState: {
      app: { ...initialAppState, tenant: storedTenant || null },
      clientState: createInitialClientState(tenantClaim),
    } as never,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listener.middleware)
        .concat(shellApi.middleware),
  });
  // Lists with `refetchOnFocus` (LIVE_LIST) read again when the window gets the focus back.
  setupListeners(store.dispatch);
  const persistor = persistStore(store);
  return { store, persistor };
}

export type ShellStore = ReturnType<typeof createShellStore>['store'];
export type ShellDispatch = ShellStore['dispatch'];
