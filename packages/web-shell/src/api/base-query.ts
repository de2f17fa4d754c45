import type { ClientType, MenuAudience, ServiceType } from '@portico/contracts';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { DISCOVERY_MESSAGES, SHELL_ERROR_CODES } from '../lib/http-errors.ts';
import type { AppState } from '../store/app-slice.ts';
import type { ClientState } from '../store/client-state-slice.ts';
import { resolveServiceBaseUrl, serviceUrl } from './endpoints.ts';

/** What every shell call needs besides the state: handed to the store as the thunk's extra argument. */
export interface ShellExtra {
  /** Base address of the discovery service, from /config.json (ends in `/`). */
  discoveryUrl: string;
  clientType: ClientType;
  audience: MenuAudience;
}

/** A call to one of the tenant's services (resolved from `endPoints`) or to discovery itself. */
export interface ServiceRequest extends Omit<FetchArgs, 'url'> {
  service: ServiceType | 'discovery';
  /** Relative to the service's base address, e.g. `api/users/menu`. */
  url: string;
}

/** How long a JSON call may take before it fails with TIMEOUT_ERROR. */
export const REQUEST_TIMEOUT_MS = 60_000;

const rawBaseQuery = fetchBaseQuery({ timeout: REQUEST_TIMEOUT_MS });

const customError = (code: string, message: string): { error: FetchBaseQueryError } => ({
  error: { status: 'CUSTOM_ERROR', error: message, data: { error: { code, message } } },
});

interface ShellStateSlice {
  app: AppState;
  clientState: ClientState;
}

/**
 * The RTK Query base query of every shell and front-end call: it resolves the service's base address by type
 * from the discovered endpoints (or uses the discovery URL) and adds the bearer access token (SPEC §7).
 */
export const serviceBaseQuery: BaseQueryFn<ServiceRequest, unknown, FetchBaseQueryError> = async (
  { service, url, ...request },
  api,
  extraOptions,
) => {
  const state = api.getState() as ShellStateSlice;
  const extra = api.extra as ShellExtra;
  const token = state.clientState.auth.accessToken;
  if (!token) return customError(SHELL_ERROR_CODES.tokenMissing, DISCOVERY_MESSAGES.tokenNotFound);

  const base =
    service === 'discovery' ? extra.discoveryUrl : resolveServiceBaseUrl(state.app.endPoints, service);
  if (!base)
    return customError(SHELL_ERROR_CODES.endpointMissing, `No address is known for the ${service} service.`);

  let absolute: string;
  try {
    absolute = serviceUrl(base, url);
  } catch (error) {
    return customError('request.invalid', (error as Error).message);
  }
  const headers = new Headers(request.headers as HeadersInit | undefined);
  headers.set('Authorization', `Bearer ${token}`);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  return rawBaseQuery({ ...request, url: absolute, headers }, api, extraOptions);
};
