import { Flex, Layout } from 'antd';
import { type ReactNode, useId } from 'react';
import type { Branding } from '../../../lib/branding.ts';
import type { MenuBadge } from '../../../shell/app-descriptor.ts';
import type { Crumb } from '../breadcrumbs.ts';
import { useSideMenuCollapsed } from '../hooks/use-side-menu-collapsed.ts';
import type { NavItem } from '../menu-model.ts';
import { AppHeader } from './app-header.tsx';
import { BreadcrumbBar } from './breadcrumb-bar.tsx';
import { SideMenu } from './side-menu.tsx';

export interface MasterLayoutProps {
  branding: Branding;
  userName: string | undefined;
  tenantSwitcher?: ReactNode;
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

/** SPEC §2 master layout: header, side menu, breadcrumb bar and the content area. */
export function MasterLayout(props: MasterLayoutProps) {
  const { collapsed, overlay, toggle, onBreakpoint, closeOverlay } = useSideMenuCollapsed(
    props.collapsedStorageKey,
  );
  const sideMenuId = useId();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a href="#main-content" className="portico-skip-link">
        Skip to main content
      </a>
      <AppHeader
        branding={props.branding}
        userName={props.userName}
        tenantSwitcher={props.tenantSwitcher}
        collapsed={collapsed}
        onToggleMenu={toggle}
        onLogout={props.onLogout}
        sideMenuId={sideMenuId}
      />
      <Layout hasSider>
        <SideMenu
          id={sideMenuId}
          items={props.navItems}
          selectedKey={props.selectedKey}
          collapsed={collapsed}
          onBreakpoint={onBreakpoint}
          overlay={overlay}
          onNavigate={closeOverlay}
          badges={props.badges}
          branding={props.branding}
          version={props.version}
        />
        <Layout style={{ minWidth: 0 }}>
          {props.siteSwitcher ? (
            <Flex wrap align="center" justify="space-between" style={{ paddingInlineEnd: 16 }}>
              <BreadcrumbBar crumbs={props.crumbs} />
              <div style={{ padding: '12px 0 0 24px', maxWidth: '100%' }}>{props.siteSwitcher}</div>
            </Flex>
          ) : (
            <BreadcrumbBar crumbs={props.crumbs} />
          )}
          <Layout.Content
            id="main-content"
            tabIndex={-1}
            className="portico-content"
            style={{ background: '#FFFFFF', borderRadius: 8, minHeight: 280, outline: 'none' }}
            data-testid="content-area"
          >
            {props.children}
          </Layout.Content>
        </Layout>
      </Layout>
    </Layout>
  );
}
