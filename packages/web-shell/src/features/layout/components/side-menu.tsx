import { AppstoreOutlined } from '@ant-design/icons';
import { Badge, Flex, Layout, Menu, type MenuProps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Branding } from '../../../lib/branding.ts';
import { readableTextOn } from '../../../lib/colors.ts';
import { notify } from '../../../lib/notifications.tsx';
import type { MenuBadge } from '../../../shell/app-descriptor.ts';
import { SIDE_MENU_BREAKPOINT, SIDE_MENU_COLLAPSED_WIDTH, SIDE_MENU_WIDTH } from '../layout-constants.ts';
import { COMING_SOON, type NavItem } from '../menu-model.ts';

type MenuItem = Required<MenuProps>['items'][number];

export interface SideMenuProps {
  id: string;
  items: NavItem[];
  selectedKey: string | undefined;
  collapsed: boolean;
  onBreakpoint: (broken: boolean) => void;
  /** Open over the content on a narrow screen. */
  overlay: boolean;
  onNavigate: () => void;
  badges: Partial<Record<MenuBadge, number>>;
  branding: Branding;
  version: string;
}

function CountBadge({
  count,
  branding,
  children,
  noun = 'files',
}: {
  count: number;
  branding: Branding;
  children?: ReactNode;
  /** What is counted, for the badge's title. */
  noun?: string;
}) {
  return (
    <Badge
      count={count}
      overflowCount={999}
      size={children ? 'small' : 'default'}
      color={branding.secondary}
      styles={{
        indicator: {
          color: readableTextOn(branding.secondary),
          backgroundColor: branding.secondary,
          boxShadow: 'none',
        },
      }}
      title={`${count} ${noun}`}
      // On the collapsed menu's icon: nudged down so the count stays inside the item's 40px line.
      offset={children ? [4, 10] : undefined}
    >
      {children}
    </Badge>
  );
}

function toMenuItems(
  items: NavItem[],
  collapsed: boolean,
  badges: SideMenuProps['badges'],
  branding: Branding,
  depth = 0,
): MenuItem[] {
  return items.map((item) => {
    const icon = depth === 0 ? (item.page?.icon ?? <AppstoreOutlined />) : undefined;
    const count = item.badge ? badges[item.badge] : undefined;
    const noun = item.badge === 'openRequestItemCount' ? 'open items' : 'files';
    const label = item.path ? (
      // One tab stop for the whole menu (arrow keys move, Enter opens); the link serves mouse and middle-click.
      <Link key="label" to={item.path} tabIndex={-1}>
        {item.label}
      </Link>
    ) : (
      <span key="label">{item.label}</span>
    );
    const withBadge =
      count !== undefined && count > 0 ? (
        <Flex key="label" align="center" justify="space-between" gap={8}>
          {label}
          <CountBadge key="badge" count={count} branding={branding} noun={noun} />
        </Flex>
      ) : (
        label
      );
    if (item.children.length > 0 && !item.path) {
      return {
        key: item.key,
        icon,
        label: item.label,
        children: toMenuItems(item.children, collapsed, badges, branding, depth + 1),
      };
    }
    return {
      key: item.key,
      icon:
        collapsed && icon && count ? (
          <CountBadge count={count} branding={branding} noun={noun}>
            {icon}
          </CountBadge>
        ) : (
          icon
        ),
      label: withBadge,
      // The collapsed menu shows this as the item's tooltip (SPEC §2).
      title: item.noRoute ? COMING_SOON : item.label,
      'data-menu-key': item.key,
      'data-no-route': item.noRoute ? 'true' : undefined,
    } as MenuItem;
  });
}

function findPath(items: NavItem[], key: string): NavItem | undefined {
  for (const item of items) {
    if (item.key === key) return item;
    const found = findPath(item.children, key);
    if (found) return found;
  }
  return undefined;
}

/**
 * SPEC §2: 300 wide, 70 collapsed, collapsing by itself below 'lg'; the server's items, titles, order and
 * submenus; the app version in the footer.
 */
export function SideMenu({
  id,
  items,
  selectedKey,
  collapsed,
  onBreakpoint,
  overlay,
  onNavigate,
  badges,
  branding,
  version,
}: SideMenuProps) {
  const navigate = useNavigate();
  return (
    <Layout.Sider
      id={id}
      width={SIDE_MENU_WIDTH}
      collapsedWidth={SIDE_MENU_COLLAPSED_WIDTH}
      breakpoint={SIDE_MENU_BREAKPOINT}
      collapsible
      collapsed={collapsed}
      onBreakpoint={onBreakpoint}
      trigger={null}
      // Below 'lg' a stylesheet rule keeps it 70 wide before React hears of the resize, and the open menu
      // floats over the content instead of squeezing it.
      className={overlay ? 'portico-side-menu portico-side-menu--overlay' : 'portico-side-menu'}
      style={{ borderInlineEnd: '1px solid rgba(0,0,0,0.06)' }}
      data-testid="side-menu"
      data-collapsed={collapsed ? 'true' : 'false'}
    >
      <Flex vertical style={{ height: '100%', minHeight: 'calc(100vh - 69px)' }}>
        <nav aria-label="Main menu" style={{ flex: 1, paddingBlock: 8 }}>
          <Menu
            mode="inline"
            items={toMenuItems(items, collapsed, badges, branding)}
            selectedKeys={selectedKey ? [selectedKey] : []}
            defaultOpenKeys={items.filter((i) => i.children.length > 0).map((i) => i.key)}
            onClick={({ key, domEvent }) => {
              const item = findPath(items, key);
              if (!item) return;
              if (item.noRoute || !item.path) {
                notify.info(item.label, COMING_SOON, `coming-soon-${key}`);
                return;
              }
              // A click on the link navigates by itself; the keyboard (Enter on the item) clicks the item instead.
              const onLink = domEvent.target instanceof Element && domEvent.target.closest('a');
              if (!onLink) navigate(item.path);
              onNavigate();
            }}
            style={{ borderInlineEnd: 'none' }}
          />
        </nav>
        <Typography.Text
          style={{
            display: 'block',
            padding: collapsed ? '12px 4px' : '12px 24px',
            textAlign: collapsed ? 'center' : 'start',
            fontSize: 12,
            color: branding.onTertiary,
          }}
          data-testid="app-version"
        >
          {collapsed ? version : `Version ${version}`}
        </Typography.Text>
      </Flex>
    </Layout.Sider>
  );
}
