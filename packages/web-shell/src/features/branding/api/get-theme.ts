import type { Theme } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

export const themeApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** The tenant's branding: firm logo, name and colours (master-data service). */
    getTheme: build.query<Theme, { tenant: string }>({
      query: () => ({ service: 'master-data', url: 'api/themes' }),
      providesTags: ['Theme'],
    }),
  }),
});

export const { useGetThemeQuery } = themeApi;
