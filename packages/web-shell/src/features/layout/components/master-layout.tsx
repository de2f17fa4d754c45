import { type ReactNode, useEffect, useId } from 'react';
import type { Branding } from '../../../lib/branding.ts';
import { useMinWidth } from '../../../lib/use-breakpoint.ts';
import type { MenuBadge } from '../../../shell/app-descriptor.ts';
import type { Crumb } from '../breadcrumbs.ts';
import { useSideMenuCollapsed } from '../hooks/use-side-menu-collapsed.ts';
import { SIDE_MENU_BREAKPOINT } from '../layout-constants.ts';
import type { NavItem } from '../menu-model.ts';
import { AppHeader } from './app-header.tsx';
import { BreadcrumbBar } from './breadcrumb-bar.tsx';
import { SideMenu } from './side-menu.tsx';

export interface MasterLayoutProps {
  branding: Branding;
  userName: string | undefined;
  /** The provider's "Sign-in and security" page, when it has one (the embedded provider). */
  accountUrl?: string | undefined;
  tenantSwitcher?: ReactNode;
  /** The activity bell of the header. */
  activity?: ReactNode;
  /** The site switcher, beside the breadcrumbs; the caller renders it only when there are several sites. */
  siteSwitcher?: ReactNode;
  navItems: NavItem[];
  selectedKey: string | undefined;
  badges: Partial<Record<MenuBadge, number>>;
  crumbs: Crumb[];
  collapsedStorageKey: string;
  version: string;
  onLogout: () => void;
  children: ReactNode;
}

/** SPEC §2 master layout: header, side menu, breadcrumb bar and the content area (styles in styles.css). */
export function MasterLayout(props: MasterLayoutProps) {
  const { collapsed, overlay, toggle, onBreakpoint, closeOverlay, expand } = useSideMenuCollapsed(
    props.collapsedStorageKey,
  );
  const wide = useMinWidth(SIDE_MENU_BREAKPOINT);
  useEffect(() => onBreakpoint(!wide), [wide, onBreakpoint]);
  const sideMenuId = useId();
  return (
    <div className="portico-layout">
      <a href="#main-content" className="portico-skip-link">
        Skip to main content
      </a>
      <AppHeader
        branding={props.branding}
        userName={props.userName}
        accountUrl={props.accountUrl}
        tenantSwitcher={props.tenantSwitcher}
        activity={props.activity}
        collapsed={collapsed}
        onToggleMenu={toggle}
        onLogout={props.onLogout}
        sideMenuId={sideMenuId}
      />
      <div className="portico-layout__body">
        <SideMenu
          id={sideMenuId}
          items={props.navItems}
          selectedKey={props.selectedKey}
          collapsed={collapsed}
          overlay={overlay}
          onNavigate={closeOverlay}
          onExpand={expand}
          badges={props.badges}
          version={props.version}
        />
        <div className="portico-layout__main">
          {props.siteSwitcher ? (
            <div className="portico-layout__bar">
              <BreadcrumbBar crumbs={props.crumbs} />
              <div className="portico-layout__site">{props.siteSwitcher}</div>
            </div>
          ) : (
            <BreadcrumbBar crumbs={props.crumbs} />
          )}
          <main id="main-content" tabIndex={-1} className="portico-content" data-testid="content-area">
            {props.children}
          </main>
        </div>
      </div>
    </div>
  );
}
