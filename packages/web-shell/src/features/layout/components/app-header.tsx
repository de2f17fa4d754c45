import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Branding } from '../../../lib/branding.ts';
import { useMinWidth } from '../../../lib/use-breakpoint.ts';
import { Button } from '../../../ui/button.tsx';
import { UserMenu } from './user-menu.tsx';

export interface AppHeaderProps {
  branding: Branding;
  userName: string | undefined;
  /** The provider's "Sign-in and security" page (embedded provider only): the name then opens a user menu. */
  accountUrl?: string | undefined;
  /** The tenant dropdown; the caller renders it only when the token lists several tenants. */
  tenantSwitcher?: ReactNode;
  /** The activity bell (decision 53), once the workspace is ready. */
  activity?: ReactNode;
  collapsed: boolean;
  onToggleMenu: () => void;
  onLogout: () => void;
  sideMenuId: string;
}

/**
 * SPEC §2: firm logo and name (one link to '/'), the user's name, the tenant dropdown and a logout icon button,
 * over a 5px bottom border in the tenant's secondary colour (the colours come from ui.css's custom properties).
 */
export function AppHeader({
  branding,
  userName,
  accountUrl,
  tenantSwitcher,
  activity,
  collapsed,
  onToggleMenu,
  onLogout,
  sideMenuId,
}: AppHeaderProps) {
  const wide = useMinWidth('md');
  return (
    <header className="portico-header" data-testid="app-header">
      <Button
        variant="text"
        className="portico-header__button"
        onClick={onToggleMenu}
        aria-label={collapsed ? 'Expand side menu' : 'Collapse side menu'}
        aria-expanded={!collapsed}
        aria-controls={sideMenuId}
        icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
      />
      <Link to="/" className="portico-header__home" data-testid="firm-home-link">
        {branding.logo ? (
          <img
            src={branding.logo}
            alt=""
            height={40}
            className="portico-header__logo"
            data-testid="firm-logo"
          />
        ) : null}
        <span className="portico-header__name" data-testid="firm-name">
          {branding.name}
        </span>
      </Link>
      <div className="portico-header__end">
        {tenantSwitcher}
        {activity}
        {userName && accountUrl ? (
          <UserMenu userName={userName} showName={wide} accountUrl={accountUrl} />
        ) : userName ? (
          wide ? (
            <span className="portico-header__user">
              <UserOutlined aria-hidden />
              <span className="portico-header__user-name" title={userName} data-testid="user-name">
                {userName}
              </span>
            </span>
          ) : (
            <span
              className="portico-header__user"
              role="img"
              aria-label={`Signed in as ${userName}`}
              title={userName}
            >
              <UserOutlined aria-hidden style={{ fontSize: 18 }} />
            </span>
          )
        ) : null}
        <Button
          variant="text"
          className="portico-header__button"
          onClick={onLogout}
          aria-label="Log out"
          title="Log out"
          icon={<LogoutOutlined aria-hidden />}
          data-testid="logout-button"
        />
      </div>
    </header>
  );
}
