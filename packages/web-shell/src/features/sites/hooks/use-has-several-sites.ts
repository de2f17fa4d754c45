import { useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectEndPoints, selectTenant } from '../../../store/selectors.ts';
import { useSelectFirstSiteQuery } from '../api/get-sites.ts';

/** Whether the caller belongs to more than one site of the tenant: then the layout offers the site switcher. */
export function useHasSeveralSites(): boolean {
  const tenant = useShellSelector(selectTenant);
  const token = useShellSelector(selectAccessToken);
  const discovered = useShellSelector(selectEndPoints).length > 0;
  const { currentData } = useSelectFirstSiteQuery(
    { tenant: tenant ?? '' },
    { skip: !tenant || !token || !discovered },
  );
  return (currentData?.totalRecordCount ?? 0) > 1;
}
