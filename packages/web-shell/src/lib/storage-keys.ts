/**
 * The local-storage keys of one front end (SPEC §3). Each key carries the app id so that the portal and the
 * control panel, served from the same origin, never read each other's tenant or menu.
 */
export interface StorageKeys {
  /**
   * Prefix of what the sign-in session (oidc-session.ts) keeps: the user (id, access and refresh tokens) under
   * `user:{issuer}:{client id}` and each sign-in in progress under `tx.{state}`.
   */
  authToken: string;
  tenant: string;
  siteSelection: string;
  sideMenuCollapsed: string;
  menuTree: string;
  /** The redux-persist key (redux-persist adds its own `persist:` prefix). */
  persist: string;
}

export function storageKeysFor(appId: string): StorageKeys {
  const prefix = `portico.${appId}.`;
  return {
    authToken: `${prefix}auth.`,
    tenant: `${prefix}tenant`,
    siteSelection: `${prefix}siteSelection`,
    sideMenuCollapsed: `${prefix}sideMenuCollapsed`,
    menuTree: `${prefix}menuTree`,
    persist: `portico.${appId}`,
  };
}

/** localStorage access that never throws (private mode, quota, disabled storage). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Storage full or disabled: the value lives in memory for this visit only.
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // Nothing to remove when storage is unavailable.
    }
  },
  clear(): void {
    try {
      globalThis.localStorage?.clear();
    } catch {
      // Nothing to clear when storage is unavailable.
    }
  },
  getJson<T>(key: string): T | undefined {
    const raw = safeStorage.get(key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  },
  setJson(key: string, value: unknown): void {
    safeStorage.set(key, JSON.stringify(value));
  },
};
