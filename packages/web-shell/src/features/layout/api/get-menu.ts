import type { Menu, MenuAudience, MenuEntry } from '@portico/contracts';
import { isCurrentTenant, reportTenantCallError } from '../../../api/query-helpers.ts';
import { shellApi } from '../../../api/shell-api.ts';
import { setMenuItems } from '../../../store/app-slice.ts';

/** Entries by `order`, recursively: the server orders them, but the shell does not rely on it. */
export function sortMenu(entries: readonly MenuEntry[]): MenuEntry[] {
  return [...entries]
    .sort((a, b) => a.order - b.order)
    .map((entry) => ({ ...entry, subMenus: sortMenu(entry.subMenus ?? []) }));
}

export const menuApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    getMenu: build.query<Menu, { tenant: string; audience: MenuAudience }>({
      query: ({ audience }) => ({ service: 'user', url: 'api/users/menu', params: { audience } }),
      providesTags: ['Menu'],
      async onQueryStarted({ tenant }, { dispatch, getState, queryFulfilled }) {
        const stillCurrent = () => isCurrentTenant(getState, tenant);
        try {
          const { data } = await queryFulfilled;
          if (stillCurrent()) dispatch(setMenuItems(sortMenu(data.items)));
        } catch (rejection) {
          reportTenantCallError(getState, dispatch, tenant, rejection);
        }
      },
    }),
  }),
});

export const { useGetMenuQuery } = menuApi;
