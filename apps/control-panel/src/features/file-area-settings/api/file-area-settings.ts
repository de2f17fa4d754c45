import type {
  SiteFileAreaSettings,
  TenantFileAreaSettings,
  UpdateSiteFileAreaSettingsBody,
  UpdateTenantFileAreaSettingsBody,
} from '@portico/contracts';
import { controlPanelApi, watchStaffRefusal } from '../../../api/control-panel-api.ts';

const siteUrl = (siteId: string) => `api/staff/sites/${encodeURIComponent(siteId)}/file-area-settings`;

/** The tenant's defaults and each site's overrides (portal service); clients feel a change at their next call. */
export const fileAreaSettingsApi = controlPanelApi.injectEndpoints({
  endpoints: (build) => ({
    getTenantFileAreaSettings: build.query<TenantFileAreaSettings, { tenant: string }>({
      query: () => ({ service: 'portal', url: 'api/staff/file-area-settings' }),
      providesTags: [{ type: 'FileAreaSettings', id: 'tenant' }],
      onQueryStarted: watchStaffRefusal,
    }),
    updateTenantFileAreaSettings: build.mutation<TenantFileAreaSettings, UpdateTenantFileAreaSettingsBody>({
      query: (body) => ({ service: 'portal', url: 'api/staff/file-area-settings', method: 'PATCH', body }),
      // Every site's effective flags may change with the defaults.
      invalidatesTags: ['FileAreaSettings', 'Sites'],
    }),
    getSiteFileAreaSettings: build.query<SiteFileAreaSettings, { tenant: string; siteId: string }>({
      query: ({ siteId }) => ({ service: 'portal', url: siteUrl(siteId) }),
      providesTags: (_r, _e, { siteId }) => [{ type: 'FileAreaSettings', id: siteId }],
      onQueryStarted: watchStaffRefusal,
    }),
    updateSiteFileAreaSettings: build.mutation<
      SiteFileAreaSettings,
      { siteId: string; body: UpdateSiteFileAreaSettingsBody }
    >({
      query: ({ siteId, body }) => ({ service: 'portal', url: siteUrl(siteId), method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { siteId }) => [{ type: 'FileAreaSettings', id: siteId }, 'Sites'],
    }),
    resetSiteFileAreaSettings: build.mutation<SiteFileAreaSettings, { siteId: string }>({
      query: ({ siteId }) => ({ service: 'portal', url: siteUrl(siteId), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { siteId }) => [{ type: 'FileAreaSettings', id: siteId }, 'Sites'],
    }),
  }),
});

export const {
  useGetTenantFileAreaSettingsQuery,
  useUpdateTenantFileAreaSettingsMutation,
  useGetSiteFileAreaSettingsQuery,
  useUpdateSiteFileAreaSettingsMutation,
  useResetSiteFileAreaSettingsMutation,
} = fileAreaSettingsApi;
