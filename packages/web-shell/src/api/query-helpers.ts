import { type ApiError, toApiError } from '../lib/http-errors.ts';
import type { AppState } from '../store/app-slice.ts';

/** The app slice from an RTK Query lifecycle's `getState` (typed for the API only). */
export const appStateOf = (getState: () => unknown): AppState => (getState() as { app: AppState }).app;

/** An answer for an earlier tenant must not land in the state of the current one. */
export const isCurrentTenant = (getState: () => unknown, tenant: string) =>
  appStateOf(getState).tenant === tenant;

/** `queryFulfilled` rejects with `{ error }`; this is the error inside, as an ApiError. */
export const apiErrorOf = (rejection: unknown): ApiError =>
  toApiError((rejection as { error?: unknown } | null)?.error ?? rejection);
