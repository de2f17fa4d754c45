import type { Branding, UpdateBrandingBody } from '@portico/contracts';
import { controlPanelApi, watchStaffRefusal } from '../../../api/control-panel-api.ts';

export const brandingApi = controlPanelApi.injectEndpoints({
  endpoints: (build) => ({
    /** The firm's name, logo, icon and colours for editing (`GET master-data api/staff/branding`). */
    getBranding: build.query<Branding, { tenant: string }>({
      query: () => ({ service: 'master-data', url: 'api/staff/branding' }),
      providesTags: ['Branding'],
      onQueryStarted: watchStaffRefusal,
    }),
    /** Only what is sent changes; the shell's theme (this header too) is asked again at once. */
    updateBranding: build.mutation<Branding, UpdateBrandingBody>({
      query: (body) => ({ service: 'master-data', url: 'api/staff/branding', method: 'PATCH', body }),
      invalidatesTags: ['Branding', 'Theme'],
    }),
  }),
});

export const { useGetBrandingQuery, useUpdateBrandingMutation } = brandingApi;
