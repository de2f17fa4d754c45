import type { Menu, MenuAudience, ReplaceMenuBody } from '@portico/contracts';
import { controlPanelApi, watchStaffRefusal } from '../../../api/control-panel-api.ts';

export const menusApi = controlPanelApi.injectEndpoints({
  endpoints: (build) => ({
    /** An audience's whole menu for editing (`GET user api/staff/menus/{audience}`). */
    getStaffMenu: build.query<Menu, { tenant: string; audience: MenuAudience }>({
      query: ({ audience }) => ({ service: 'user', url: `api/staff/menus/${audience}` }),
      providesTags: (_r, _e, { audience }) => [{ type: 'StaffMenus', id: audience }],
      onQueryStarted: watchStaffRefusal,
    }),
    /** Replaces it; the shell reloads its own side menu (`Menu`), so a staff-menu change shows at once. */
    replaceMenu: build.mutation<Menu, { audience: MenuAudience; body: ReplaceMenuBody }>({
      query: ({ audience, body }) => ({
        service: 'user',
        url: `api/staff/menus/${audience}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { audience }) => [{ type: 'StaffMenus', id: audience }, 'Menu'],
    }),
  }),
});

export const { useGetStaffMenuQuery, useReplaceMenuMutation } = menusApi;
