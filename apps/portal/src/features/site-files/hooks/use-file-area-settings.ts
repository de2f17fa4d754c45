import { DEFAULT_FILE_AREA_SETTINGS, type FileAreaSettings } from '@portico/contracts';
import { useSelectedSite } from '@portico/web-shell';

/**
 * The selected site's effective fileAreaSettings (tenant defaults, then the site's overrides). Until the site's
 * record is known every flag reads false, so no action is offered that the server might refuse.
 */
export function useFileAreaSettings(): FileAreaSettings & { known: boolean } {
  const { site } = useSelectedSite();
  return { ...(site?.fileAreaSettings ?? DEFAULT_FILE_AREA_SETTINGS), known: !!site };
}
