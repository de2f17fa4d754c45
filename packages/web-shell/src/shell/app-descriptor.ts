import type { ClientType, MenuAudience } from '@portico/contracts';
import type { Slice } from '@reduxjs/toolkit';
import type { ComponentType, ReactNode } from 'react';
import type { ClientSection } from '../config/runtime-config.ts';
import type { ApiError } from '../lib/http-errors.ts';

/** A badge the side menu can show next to a page's item, read from the app state. */
export type MenuBadge = 'publishedFileCount' | 'openRequestItemCount' | 'assignedToMeCount';

/** One page inside the master layout: a configured route path, lazily loaded (SPEC §2). */
export interface ShellPage {
  /** Route path under the app's base path, without a leading slash: `publishedFiles`. */
  path: string;
  /** The server menu key that makes this page visible (SPEC §6). */
  menuKey: string;
  /** Title for the breadcrumb, the document title and the menu when the server has none. */
  title: string;
  icon?: ReactNode;
  /** The page's module; loaded on first visit, within the chunk time-out. */
  load: () => Promise<{ default: ComponentType }>;
  badge?: MenuBadge;
  /**
   * False for a page drawn with Portico's own controls only (ui/): no antd theme is loaded around it, so it can be
   * a first screen without antd; whatever antd part it opens later brings its own `AntdScope`. True when left out.
   */
  antd?: boolean;
}

/** What the page that replaces the workspace when the server refuses the app itself is given. */
export interface AccessDeniedProps {
  error: ApiError;
  userName: string | undefined;
  /** The tenant dropdown when the token lists several tenants (the user may have a role in another one). */
  tenantSwitcher?: ReactNode;
  onLogout: () => void;
}

/**
 * An app only some roles may use (the control panel is for staff): initialisation errors with these codes mean
 * "not for you" rather than "something broke", so the page replaces the workspace and no error toast shows.
 */
export interface AccessDenied {
  codes: readonly string[];
  /** Drawn with Portico's own controls (ui/): no antd theme is around it. */
  page: ComponentType<AccessDeniedProps>;
}

/**
 * What makes a front end out of the shell: where it lives, which client of /config.json it signs in with, which
 * menu audience and discovery client type it asks for, and its pages.
 */
export interface AppDescriptor {
  /** Namespaces local storage: `portal`, `control-panel`. */
  id: string;
  /** Product name for the document title before a tenant is known. */
  name: string;
  /** Where the app is served, with leading and trailing slash: `/`, `/control-panel/`. */
  basePath: string;
  /** The section of /config.json with the OIDC client (client id, redirect URIs, scopes). */
  client: ClientSection;
  /** The client type whose addresses discovery returns for this app. */
  clientType: ClientType;
  /** Which server menu the app asks for. */
  audience: MenuAudience;
  pages: ShellPage[];
  /** Where a plain sign-in and the root path lead, e.g. `/submittedFiles`. */
  homePath: string;
  /** Rendered inside the master layout (no UI of their own): pollers and other per-tenant effects. */
  layoutEffects?: ComponentType[];
  /** Shown instead of the workspace when the server refuses this user the app; see {@link AccessDenied}. */
  accessDenied?: AccessDenied;
  /**
   * Whether the app works on one selected site (the portal: the site in the breadcrumb, the site switcher); true
   * when left out. False for an app that works across sites (the control panel), which then opens without a
   * selected site.
   */
  siteSelection?: boolean;
  /** The app's own state beside the shell's (the portal's uploader), persisted with it. */
  slices?: readonly Slice[];
}

/** The router's basename for a base path: `/` → `/`, `/control-panel/` → `/control-panel`. */
export const routerBasename = (basePath: string) => basePath.replace(/\/+$/, '') || '/';
