import {
  AuditOutlined,
  BellOutlined,
  BgColorsOutlined,
  CloudUploadOutlined,
  FileSearchOutlined,
  InboxOutlined,
  LinkOutlined,
  MailOutlined,
  MenuOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { MenuAudience } from '@portico/contracts';
import type { MenuBadge, ShellPage } from '@portico/web-shell';
import type { ComponentType, ReactNode } from 'react';
import { STAFF_MENU_KEYS } from '../lib/menu-keys.ts';

/** One configured route of the control panel: it makes both a router entry and a side-menu item. */
export interface ControlPanelRoute {
  /** Under /control-panel/, without a leading slash. */
  path: string;
  title: string;
  /** The staff menu key that makes the page visible; the server menu supplies its name and order. */
  menuKey: string;
  icon: ReactNode;
  load: () => Promise<{ default: ComponentType }>;
  /** Who the server serves the page's calls to; also the menu audience the app asks for. */
  requiredRole: MenuAudience;
  /** False for a page drawn with Portico's own controls (see ShellPage.antd). */
  antd?: boolean;
  /** A count beside the menu item (see ShellPage.badge). */
  badge?: MenuBadge;
}

export const CONTROL_PANEL_ROUTES: readonly ControlPanelRoute[] = [
  {
    path: 'sites',
    title: 'Sites',
    menuKey: STAFF_MENU_KEYS.sites,
    icon: <ShopOutlined />,
    load: () => import('../features/sites/components/sites-page.tsx'),
    requiredRole: 'staff',
    // The console's first screen: drawn without antd, its dialogs bring antd when opened (decision 40).
    antd: false,
  },
  {
    path: 'publish',
    title: 'Publish',
    menuKey: STAFF_MENU_KEYS.publish,
    icon: <CloudUploadOutlined />,
    load: () => import('../features/publish/components/publish-page.tsx'),
    requiredRole: 'staff',
  },
  {
    path: 'submissions',
    title: 'Submissions',
    menuKey: STAFF_MENU_KEYS.submissions,
    icon: <InboxOutlined />,
    load: () => import('../features/submissions/components/submissions-page.tsx'),
    requiredRole: 'staff',
  },
  {
    path: 'assigned-to-me',
    title: 'Assigned to me',
    menuKey: STAFF_MENU_KEYS.assignedToMe,
    icon: <UserOutlined />,
    badge: 'assignedToMeCount',
    load: () => import('../features/assigned-to-me/assigned-to-me-page.tsx'),
    requiredRole: 'staff',
  },
  {
    path: 'requests',
    title: 'Requests',
    menuKey: STAFF_MENU_KEYS.requests,
    icon: <FileSearchOutlined />,
    load: () => import('../features/requests/components/requests-page.tsx'),
    requiredRole: 'staff',
  },
  {
    path: 'branding',
    title: 'Branding',
    menuKey: STAFF_MENU_KEYS.branding,
    icon: <BgColorsOutlined />,
    load: () => import('../features/branding/components/branding-page.tsx'),
    requiredRole: 'staff',
  },
  {
    path: 'file-area-settings',
    title: 'File-area settings',
    menuKey: STAFF_MENU_KEYS.fileAreaSettings,
    icon: <SettingOutlined />,
    load: () => import('../features/file-area-settings/components/file-area-settings-page.tsx'),
    requiredRole: 'staff',
  },
  {
    path: 'navigation-menu',
    title: 'Navigation menu',
    menuKey: STAFF_MENU_KEYS.navigationMenu,
    icon: <MenuOutlined />,
    load: () => import('../features/navigation-menu/components/navigation-menu-page.tsx'),
    requiredRole: 'staff',
  },
  {
    path: 'audit-log',
    title: 'Audit log',
    menuKey: STAFF_MENU_KEYS.auditLog,
    icon: <AuditOutlined />,
    load: () => import('../features/audit-log/components/audit-log-page.tsx'),
    requiredRole: 'staff',
  },
  {
    path: 'mail',
    title: 'Mail',
    menuKey: STAFF_MENU_KEYS.mail,
    icon: <MailOutlined />,
    load: () => import('../features/mail/components/mail-page.tsx'),
    requiredRole: 'staff',
  },
  {
    path: 'quarantine',
    title: 'Quarantine',
    menuKey: STAFF_MENU_KEYS.quarantine,
    icon: <SafetyOutlined />,
    load: () => import('../features/quarantine/components/quarantine-page.tsx'),
    requiredRole: 'staff',
  },
  {
    path: 'share-links',
    title: 'Share links',
    menuKey: STAFF_MENU_KEYS.shareLinks,
    icon: <LinkOutlined />,
    load: () => import('../features/share-links/components/share-links-page.tsx'),
    requiredRole: 'staff',
  },
  {
    path: 'notifications',
    title: 'Notifications',
    menuKey: STAFF_MENU_KEYS.notifications,
    icon: <BellOutlined />,
    load: () => import('@portico/web-shell/notifications-page'),
    requiredRole: 'staff',
  },
];

/** The shell's pages for the routes: the shell builds the router and the side menu from them. */
export function toShellPages(routes: readonly ControlPanelRoute[]): ShellPage[] {
  return routes.map(({ path, title, menuKey, icon, load, antd, badge }) => ({
    path,
    title,
    menuKey,
    icon,
    load,
    ...(antd === undefined ? {} : { antd }),
    ...(badge === undefined ? {} : { badge }),
  }));
}

/**
 * The one role every route requires, which is also the menu audience the app asks the server for. One app, one
 * audience: a route for another role belongs in another front end.
 */
export function requiredRoleOf(routes: readonly ControlPanelRoute[]): MenuAudience {
  const roles = new Set(routes.map((r) => r.requiredRole));
  const [role] = roles;
  if (roles.size !== 1 || !role) throw new Error('Every control-panel route must require the same role.');
  return role;
}
