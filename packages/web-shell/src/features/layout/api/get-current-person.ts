import type { CurrentPerson } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectEndPoints, selectTenant, selectUser } from '../../../store/selectors.ts';

export const currentPersonApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    getCurrentPerson: build.query<CurrentPerson, { tenant: string }>({
      query: () => ({ service: 'user', url: 'api/users/me' }),
    }),
  }),
});

/**
 * The name the header shows: the firm's record of the person (issue 30: a client the firm invited has no name of
 * their own in the token, and was shown by a code), the token's name until the firm's answer is there.
 */
export function usePersonName(): string | undefined {
  const tenant = useShellSelector(selectTenant) ?? '';
  const token = useShellSelector(selectAccessToken);
  const discovered = useShellSelector(selectEndPoints).length > 0;
  const user = useShellSelector(selectUser);
  const { currentData } = currentPersonApi.useGetCurrentPersonQuery(
    { tenant },
    { skip: !tenant || !token || !discovered },
  );
  return currentData?.name ?? user?.name;
}

/** The signed-in person's id as the firm knows them (a file's `checkedOutBy.userId` is compared with it). */
export function useCurrentPersonId(): string | undefined {
  const tenant = useShellSelector(selectTenant) ?? '';
  const token = useShellSelector(selectAccessToken);
  const discovered = useShellSelector(selectEndPoints).length > 0;
  const { currentData } = currentPersonApi.useGetCurrentPersonQuery(
    { tenant },
    { skip: !tenant || !token || !discovered },
  );
  return currentData?.id;
}
