/** Router paths of the sign-in flow (SPEC §2), relative to the app's base path. */
export const CALLBACK_PATH = '/login/callback';
export const LOGOUT_PATH = '/logout';
export const NOT_FOUND_PATH = '/page-not-found';

/** What a sign-in request carries through the provider and back. */
export interface SignInState {
  returnTo: string;
}

/**
 * Where to go after sign-in: the saved path when it is a path of this app (never another origin, never the
 * sign-in pages themselves), otherwise the home path. The root is a plain sign-in and goes home too (SPEC §2).
 */
export function safeReturnTo(candidate: unknown, homePath: string): string {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || /^\/[/\\]/.test(candidate))
    return homePath;
  const path = candidate.split(/[?#]/)[0] ?? '';
  if (path === '/' || path === '' || path === CALLBACK_PATH || path === LOGOUT_PATH) return homePath;
  return candidate;
}

export function readSignInState(state: unknown, homePath: string): string {
  const returnTo = state && typeof state === 'object' ? (state as Partial<SignInState>).returnTo : undefined;
  return safeReturnTo(returnTo, homePath);
}
