/** What a route tells the shell about itself through react-router's `handle`. */
export interface ShellRouteHandle {
  /** Title for the document title. */
  title?: string;
  /**
   * Breadcrumb entry: `key` looks up a dynamic value (dynamicBreadcrumbValues) or the server menu's title for
   * that key; `title` is the fallback. A crumb with neither is left out.
   */
  crumb?: { key: string; title?: string };
  /** The server menu key that must be present for this route to be opened. */
  menuKey?: string;
}

export function isShellRouteHandle(handle: unknown): handle is ShellRouteHandle {
  return !!handle && typeof handle === 'object';
}
