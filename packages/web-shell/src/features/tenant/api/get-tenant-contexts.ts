import type { GetTenantContextsResponse } from '@portico/contracts';
import { isCurrentTenant, reportTenantCallError } from '../../../api/query-helpers.ts';
import { shellApi } from '../../../api/shell-api.ts';
import { setApiError, setTenantContext } from '../../../store/app-slice.ts';

const tenantContextsUrl = (codes: readonly string[]) =>
  `GetTenantContexts?${new URLSearchParams({ tenantCodes: codes.join(',') })}`;

export const tenantContextApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** Display names and icons of the user's tenants, for the tenant selection screen and the header. */
    getTenantContexts: build.query<GetTenantContextsResponse, { codes: string[] }>({
      query: ({ codes }) => ({ service: 'discovery', url: tenantContextsUrl(codes) }),
    }),
    /** The chosen tenant's context; the first one answered is stored (SPEC §4). */
    loadTenantContext: build.query<GetTenantContextsResponse, { tenant: string }>({
      query: ({ tenant }) => ({ service: 'discovery', url: tenantContextsUrl([tenant]) }),
      async onQueryStarted({ tenant }, { dispatch, getState, queryFulfilled }) {
        const stillCurrent = () => isCurrentTenant(getState, tenant);
        try {
          const { data } = await queryFulfilled;
          if (!stillCurrent()) return;
          const context = data[0];
          if (context) dispatch(setTenantContext(context));
          else
            dispatch(
              setApiError({
                code: 'tenant.not_found',
                message: `The tenant ${tenant} has no context to show.`,
              }),
            );
        } catch (rejection) {
          reportTenantCallError(getState, dispatch, tenant, rejection);
        }
      },
    }),
  }),
});

export const { useGetTenantContextsQuery, useLoadTenantContextQuery } = tenantContextApi;
