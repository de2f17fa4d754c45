import type { ServiceType } from '@portico/contracts';
import { type QueryParam, setApiError, shellApi, withQuery } from '@portico/web-shell';
import { apiErrorOfRejection, isStaffRefusal } from '../lib/staff-only.ts';

/** The shell's API with the control panel's cache tags; every feature injects its calls into this one. */
export const controlPanelApi = shellApi.enhanceEndpoints({
  addTagTypes: [
    'StaffSites',
    'SiteMembers',
    'StaffPublishedFiles',
    'Submissions',
    'Branding',
    'FileAreaSettings',
    'StaffMenus',
    'AuditEvents',
    'Mail',
    'Quarantine',
  ],
});

interface Lifecycle {
  dispatch: (action: ReturnType<typeof setApiError>) => unknown;
  queryFulfilled: Promise<unknown>;
}

/**
 * `onQueryStarted` of the staff queries: when the server says the caller is not (or no longer) staff, the shell
 * shows the not-allowed page instead of each page reporting the refusal on its own.
 */
export async function watchStaffRefusal(_arg: unknown, { dispatch, queryFulfilled }: Lifecycle) {
  try {
    await queryFulfilled;
  } catch (rejection) {
    const error = apiErrorOfRejection(rejection);
    if (isStaffRefusal(error)) dispatch(setApiError(error));
  }
}

/**
 * The query of a staff list (`GET {path}` of `service`): its filters as query parameters, arrays repeated; a
 * refusal to someone who is not staff shows the not-allowed page. The tenant is in the service's address.
 */
export const staffListQuery = (service: ServiceType, path: string) => ({
  query: ({ tenant: _tenant, ...params }: { tenant: string } & Record<string, QueryParam>) => ({
    service,
    url: withQuery(path, params),
  }),
  onQueryStarted: watchStaffRefusal,
});
