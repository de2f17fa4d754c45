import { useEffect } from 'react';
import { logger } from '../../../lib/logger.ts';
import { routerBasename } from '../../../shell/app-descriptor.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { setAuthUrl, setUser } from '../../../store/app-slice.ts';
import { authStateChanged } from '../../../store/client-state-slice.ts';
import { useShellDispatch } from '../../../store/hooks.ts';
import { useAuth } from '../hooks/use-auth.ts';
import type { SignInState } from '../return-to.ts';

/**
 * The user's display name from the ID token's standard claims until the firm's record of them is read
 * (`usePersonName`); never the subject, a code nobody knows themselves by.
 */
export function displayNameOf(profile: Record<string, unknown> | undefined): string {
  for (const claim of ['name', 'preferred_username', 'email']) {
    const value = profile?.[claim];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return 'Signed-in user';
}

/** The current location as a path of this app (without its base path), to come back to after sign-in. */
export function currentAppPath(basePath: string): string {
  const base = routerBasename(basePath);
  const { pathname, search, hash } = window.location;
  const path = base !== '/' && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
  return `${path}${search}${hash}`;
}

/**
 * Mirrors the sign-in state (oidc-session.ts) into the store (the client-state slice, never persisted) so that the
 * base query can add the bearer token, and signs in again when the access token expires without a way to renew it.
 */
export function AuthStateSync() {
  const auth = useAuth();
  const dispatch = useShellDispatch();
  const { setup, descriptor, session } = useShell();
  const { user, isAuthenticated } = auth;

  useEffect(() => {
    dispatch(setAuthUrl(setup.issuer));
  }, [dispatch, setup.issuer]);

  useEffect(() => {
    dispatch(
      authStateChanged({
        isAuthenticated,
        idToken: user?.id_token ?? null,
        accessToken: isAuthenticated ? (user?.access_token ?? null) : null,
        refreshToken: user?.refresh_token ?? null,
        error: auth.error?.message ?? null,
      }),
    );
    if (isAuthenticated && user) dispatch(setUser({ name: displayNameOf(user.profile) }));
  }, [dispatch, isAuthenticated, user, auth.error]);

  // The session renews the token itself while it can; this is the expiry it could not prevent.
  useEffect(
    () =>
      session.events.addAccessTokenExpired(() => {
        const state: SignInState = { returnTo: currentAppPath(descriptor.basePath) };
        logger.info('access token expired: signing in again');
        session
          .signinRedirect({ state })
          .catch((error: unknown) => logger.error('sign-in again failed', error));
      }),
    [session, descriptor.basePath],
  );
  return null;
}
