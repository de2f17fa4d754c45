import { type ApiError, isUnreachable, toApiError } from '../lib/http-errors.ts';
import { type AppState, setApiError } from '../store/app-slice.ts';

/** The app slice from an RTK Query lifecycle's `getState` (typed for the API only). */
export const appStateOf = (getState: () => unknown): AppState => (getState() as { app: AppState }).app;

/** An answer for an earlier tenant must not land in the state of the current one. */
export const isCurrentTenant = (getState: () => unknown, tenant: string) =>
  appStateOf(getState).tenant === tenant;

/** `queryFulfilled` rejects with `{ error }`; this is the error inside, as an ApiError. */
export const apiErrorOf = (rejection: unknown): ApiError =>
  toApiError((rejection as { error?: unknown } | null)?.error ?? rejection);

/**
 * A failed call of the tenant's preparation (its context, menu, first sites): while the tenant is being prepared
 * it is why it cannot be (`apiError`: the page says so and offers "Try again"). Once the workspace stands, a
 * refresh that could not reach the server keeps what the page shows, so that a server's restart or a dropped
 * link does not take the page (and an upload on it) away; the next refresh brings it up to date. An answer the
 * server did give (a 403 once the user was removed, say) is shown as before.
 */
export function reportTenantCallError(
  getState: () => unknown,
  dispatch: (action: ReturnType<typeof setApiError>) => unknown,
  tenant: string,
  rejection: unknown,
) {
  if (!isCurrentTenant(getState, tenant)) return;
  const error = apiErrorOf(rejection);
  if (isUnreachable(error) && !appStateOf(getState).isInitializing) return;
  dispatch(setApiError(error));
}
