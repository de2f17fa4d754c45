import type { SignInPolicy, UpdateSignInPolicyBody } from '@portico/contracts';
import { controlPanelApi, watchStaffRefusal } from '../../../api/control-panel-api.ts';

const URL = 'api/staff/sign-in-policy';

/** The firm's "Require two-step sign-in" (portal service). */
export const signInPolicyApi = controlPanelApi.injectEndpoints({
  endpoints: (build) => ({
    getSignInPolicy: build.query<SignInPolicy, { tenant: string }>({
      query: () => ({ service: 'portal', url: URL }),
      providesTags: [{ type: 'FileAreaSettings', id: 'sign-in-policy' }],
      onQueryStarted: watchStaffRefusal,
    }),
    updateSignInPolicy: build.mutation<SignInPolicy, UpdateSignInPolicyBody>({
      query: (body) => ({ service: 'portal', url: URL, method: 'PUT', body }),
      invalidatesTags: [{ type: 'FileAreaSettings', id: 'sign-in-policy' }],
    }),
  }),
});

export const { useGetSignInPolicyQuery, useUpdateSignInPolicyMutation } = signInPolicyApi;
