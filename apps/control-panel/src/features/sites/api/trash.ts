import type { RestoredItem, TrashList } from '@portico/contracts';
import { controlPanelApi, watchStaffRefusal } from '../../../api/control-panel-api.ts';

/** What a restore or a permanent delete changes: the trash, the sites' counts and the file lists. */
const CHANGED = [
  'StaffTrash',
  'StaffSites',
  'StaffPublishedFiles',
  'Submissions',
  'PublishedFiles',
  'SubmittedFiles',
  'RecordCount',
] as const;
const item = (id: string) => `api/trash/${encodeURIComponent(id)}`;

/** A site's trash (file-management `api/trash`, decision 48): staff only. */
export const trashApi = controlPanelApi.enhanceEndpoints({ addTagTypes: ['StaffTrash'] }).injectEndpoints({
  endpoints: (build) => ({
    getSiteTrash: build.query<TrashList, { tenant: string; siteId: string; limit: number; offset: number }>({
      query: ({ siteId, limit, offset }) => ({
        service: 'file-management',
        url: 'api/trash',
        params: { siteId, limit, offset },
      }),
      providesTags: ['StaffTrash'],
      onQueryStarted: watchStaffRefusal,
    }),
    restoreTrashItem: build.mutation<RestoredItem, { id: string }>({
      query: ({ id }) => ({ service: 'file-management', url: `${item(id)}/restore`, method: 'POST' }),
      invalidatesTags: [...CHANGED],
    }),
    purgeTrashItem: build.mutation<void, { id: string }>({
      query: ({ id }) => ({ service: 'file-management', url: item(id), method: 'DELETE' }),
      invalidatesTags: [...CHANGED],
    }),
  }),
});

export const { useGetSiteTrashQuery, useRestoreTrashItemMutation, usePurgeTrashItemMutation } = trashApi;
