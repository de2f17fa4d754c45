import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Authentication state (SPEC §3). Tokens live here only in memory; the sign-in session keeps the stored copy. */
export interface AuthState {
  isAuthenticated: boolean;
  idToken: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  error: string | null;
}

/** A per-site record count (SPEC §3), refreshed every 180,000 ms. */
export interface SiteRecordCountState {
  siteId: string;
  count: number;
}

/**
 * Client state that must never reach storage: redux-persist excludes this slice (SPEC §4), so a reload starts
 * from what the sign-in session (oidc-session.ts) and the server say, not from stale tokens.
 */
export interface ClientState {
  auth: AuthState;
  /** The access-token claim that lists tenant codes (from /config.json, `tid` by default). */
  tenantClaim: string;
  recordCount: SiteRecordCountState | null;
  /** Set when logout starts, so that losing the user on the way out does not start a new sign-in. */
  isLoggingOut: boolean;
}

export const initialAuthState: AuthState = {
  isAuthenticated: false,
  idToken: null,
  accessToken: null,
  refreshToken: null,
  error: null,
};

export const createInitialClientState = (tenantClaim: string): ClientState => ({
  auth: initialAuthState,
  tenantClaim,
  recordCount: null,
  isLoggingOut: false,
});

export const clientStateSlice = createSlice({
  name: 'clientState',
  initialState: createInitialClientState('tid'),
  reducers: {
    authStateChanged(state, action: PayloadAction<AuthState>) {
      state.auth = action.payload;
    },
    setRecordCount(state, action: PayloadAction<SiteRecordCountState | null>) {
      state.recordCount = action.payload;
    },
    logoutStarted(state) {
      state.isLoggingOut = true;
    },
    signedOut(state) {
      state.auth = initialAuthState;
      state.recordCount = null;
    },
  },
});

export const { authStateChanged, setRecordCount, logoutStarted, signedOut } = clientStateSlice.actions;
