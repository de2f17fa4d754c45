import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Layout, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Branding } from '../../../lib/branding.ts';
import { HEADER_BORDER_WIDTH } from '../layout-constants.ts';

export interface AppHeaderProps {
  branding: Branding;
  userName: string | undefined;
  /** The tenant dropdown; the caller renders it only when the token lists several tenants. */
  tenantSwitcher?: ReactNode;
  collapsed: boolean;
  onToggleMenu: () => void;
  onLogout: () => void;
  sideMenuId: string;
}

/**
 * SPEC §2: firm logo and name (one link to '/'), the user's name, the tenant dropdown and a logout icon button,
 * over a 5px bottom border in the tenant's secondary colour.
 */
export function AppHeader({
  branding,
  userName,
  tenantSwitcher,
  collapsed,
  onToggleMenu,
  onLogout,
  sideMenuId,
}: AppHeaderProps) {
  const screens = Grid.useBreakpoint();
  const text = branding.onPrimary;
  const iconButton = { color: text, fontSize: 18 };
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        borderBottom: `${HEADER_BORDER_WIDTH}px solid ${branding.secondary}`,
        boxSizing: 'content-box',
        position: 'sticky',
        top: 0,
        zIndex: 10,
        lineHeight: 'normal',
      }}
      data-testid="app-header"
    >
      <Button
        type="text"
        onClick={onToggleMenu}
        aria-label={collapsed ? 'Expand side menu' : 'Collapse side menu'}
        aria-expanded={!collapsed}
        aria-controls={sideMenuId}
        icon={collapsed ? <MenuUnfoldOutlined style={iconButton} /> : <MenuFoldOutlined style={iconButton} />}
      />
      <Link
        to="/"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          minWidth: 0,
          color: text,
          textDecoration: 'none',
        }}
        data-testid="firm-home-link"
      >
        {branding.logo ? (
          <img
            src={branding.logo}
            alt=""
            height={40}
            style={{ maxHeight: 40, maxWidth: 120, objectFit: 'contain', flex: 'none' }}
            data-testid="firm-logo"
          />
        ) : null}
        <span
          style={{
            fontSize: screens.md ? 20 : 16,
            fontWeight: 600,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
          data-testid="firm-name"
        >
          {branding.name}
        </span>
      </Link>
      <Flex align="center" gap={12} style={{ marginInlineStart: 'auto', flex: 'none' }}>
        {tenantSwitcher}
        {userName ? (
          screens.md ? (
            <Flex align="center" gap={6} style={{ color: text }}>
              <UserOutlined aria-hidden />
              <Typography.Text style={{ color: text, maxWidth: 220 }} ellipsis data-testid="user-name">
                {userName}
              </Typography.Text>
            </Flex>
          ) : (
            <Tooltip title={userName}>
              <UserOutlined aria-label={`Signed in as ${userName}`} role="img" style={iconButton} />
            </Tooltip>
          )
        ) : null}
        <Tooltip title="Log out">
          <Button
            type="text"
            onClick={onLogout}
            aria-label="Log out"
            icon={<LogoutOutlined style={iconButton} />}
            data-testid="logout-button"
          />
        </Tooltip>
      </Flex>
    </Layout.Header>
  );
}
