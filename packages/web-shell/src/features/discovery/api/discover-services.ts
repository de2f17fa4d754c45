import {
  type DiscoverServicesRequest,
  type DiscoverServicesResponse,
  DOCUMENT_MANAGEMENT_ROLE,
} from '@portico/contracts';
import type { ShellExtra } from '../../../api/base-query.ts';
import { toEndPoints } from '../../../api/endpoints.ts';
import { isCurrentTenant } from '../../../api/query-helpers.ts';
import { shellApi } from '../../../api/shell-api.ts';
import { DISCOVERY_MESSAGES, SHELL_ERROR_CODES, toApiError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { setApiError, setEndPoints } from '../../../store/app-slice.ts';

/** The body of `POST DiscoverServices` for a tenant: always the document-management role (SPEC §6). */
export const discoveryRequestFor = (tenant: string): DiscoverServicesRequest => ({
  TenantCode: tenant,
  RoleType: DOCUMENT_MANAGEMENT_ROLE,
});

/** The description of the 'Discovery Service Error' toast (SPEC §8). */
export function discoveryErrorDescription(error: unknown): string {
  const apiError = toApiError(error);
  if (apiError.code === SHELL_ERROR_CODES.tokenMissing) return DISCOVERY_MESSAGES.tokenNotFound;
  return `${DISCOVERY_MESSAGES.responseError} ${apiError.message}`;
}

export const discoveryApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    discoverServices: build.query<DiscoverServicesResponse, { tenant: string }>({
      query: ({ tenant }) => ({
        service: 'discovery',
        url: 'DiscoverServices',
        method: 'POST',
        body: discoveryRequestFor(tenant),
      }),
      // Discovery is asked again after a tenant change or a retry, never served from an old answer.
      keepUnusedDataFor: 0,
      async onQueryStarted({ tenant }, { dispatch, getState, extra, queryFulfilled }) {
        const stillCurrent = () => isCurrentTenant(getState, tenant);
        try {
          const { data } = await queryFulfilled;
          if (!stillCurrent()) return;
          const endPoints = toEndPoints(data, (extra as ShellExtra).clientType);
          if (endPoints.length === 0) {
            const message = `${DISCOVERY_MESSAGES.responseError} No services are set up for this tenant.`;
            dispatch(setApiError({ code: SHELL_ERROR_CODES.discoveryEmpty, message }));
            notify.error(DISCOVERY_MESSAGES.toastTitle, message, 'discovery-error');
            return;
          }
          dispatch(setEndPoints(endPoints));
        } catch (rejection) {
          if (!stillCurrent()) return;
          const error = (rejection as { error?: unknown }).error ?? rejection;
          dispatch(setApiError(toApiError(error)));
          notify.error(DISCOVERY_MESSAGES.toastTitle, discoveryErrorDescription(error), 'discovery-error');
        }
      },
    }),
  }),
});

export const { useDiscoverServicesQuery } = discoveryApi;
