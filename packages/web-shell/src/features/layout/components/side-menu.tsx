import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { prefetchPage } from '../../../app/prefetch-page.ts';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { notify } from '../../../lib/notifications.tsx';
import type { MenuBadge } from '../../../shell/app-descriptor.ts';
import { COMING_SOON, type NavItem } from '../menu-model.ts';

export interface SideMenuProps {
  id: string;
  items: NavItem[];
  selectedKey: string | undefined;
  collapsed: boolean;
  /** Open over the content on a narrow screen. */
  overlay: boolean;
  onNavigate: () => void;
  /** A group was opened in the collapsed menu: the menu widens to show its entries. */
  onExpand: () => void;
  badges: Partial<Record<MenuBadge, number>>;
  version: string;
}

function CountBadge({ count, noun, small }: { count: number; noun: string; small: boolean }) {
  const shown = count > 999 ? '999+' : String(count);
  return (
    <span
      className={small ? 'portico-badge portico-badge--small' : 'portico-badge'}
      title={`${count} ${noun}`}
    >
      <span aria-hidden>{shown}</span>
      <VisuallyHidden>
        {count} {noun}
      </VisuallyHidden>
    </span>
  );
}

interface EntryProps {
  item: NavItem;
  depth: number;
  props: SideMenuProps;
}

function MenuEntryContent({ item, depth, props }: EntryProps) {
  const count = item.badge ? props.badges[item.badge] : undefined;
  const noun = item.badge === 'openRequestItemCount' ? 'open items' : 'files';
  const icon = depth === 0 ? (item.page?.icon ?? <AppstoreOutlined />) : null;
  const badge = count ? <CountBadge count={count} noun={noun} small={props.collapsed} /> : null;
  return (
    <>
      {icon ? (
        <span className="portico-menu__icon" aria-hidden>
          {icon}
          {props.collapsed ? badge : null}
        </span>
      ) : null}
      <span className="portico-menu__label">{item.label}</span>
      {/* Collapsed, the badge sits on the icon, which assistive technology skips: the count is said here. */}
      {props.collapsed ? count ? <VisuallyHidden>{` ${count} ${noun}`}</VisuallyHidden> : null : badge}
    </>
  );
}

function MenuGroup({ item, depth, props }: EntryProps) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const expanded = open && !props.collapsed;
  return (
    <li>
      <button
        type="button"
        className="portico-menu__item"
        aria-expanded={expanded}
        aria-controls={listId}
        title={props.collapsed ? item.label : undefined}
        onClick={() => {
          if (props.collapsed) {
            setOpen(true);
            props.onExpand();
          } else setOpen(!open);
        }}
      >
        <MenuEntryContent item={item} depth={depth} props={props} />
        {props.collapsed ? null : <DownOutlined className="portico-menu__chevron" aria-hidden />}
      </button>
      <ul id={listId} className="portico-menu portico-menu--sub" hidden={!expanded}>
        {item.children.map((child) => (
          <MenuEntry key={child.key} item={child} depth={depth + 1} props={props} />
        ))}
      </ul>
    </li>
  );
}

function MenuEntry({ item, depth, props }: EntryProps) {
  if (item.children.length > 0 && !item.path) return <MenuGroup item={item} depth={depth} props={props} />;
  const selected = item.key === props.selectedKey;
  const className = selected ? 'portico-menu__item portico-menu__item--selected' : 'portico-menu__item';
  const title = props.collapsed ? (item.noRoute ? COMING_SOON : item.label) : undefined;
  return (
    <li>
      {item.path && !item.noRoute ? (
        <Link
          to={item.path}
          className={className}
          aria-current={selected ? 'page' : undefined}
          title={title}
          data-menu-key={item.key}
          onClick={props.onNavigate}
          // The page's code (and antd's theme, if it uses antd) starts loading when the pointer or the focus
          // reaches the entry, so the click usually finds it there.
          onPointerEnter={() => item.page && prefetchPage(item.page)}
          onFocus={() => item.page && prefetchPage(item.page)}
        >
          <MenuEntryContent item={item} depth={depth} props={props} />
        </Link>
      ) : (
        <button
          type="button"
          className={className}
          title={title}
          data-menu-key={item.key}
          data-no-route="true"
          onClick={() => notify.info(item.label, COMING_SOON, `coming-soon-${item.key}`)}
        >
          <MenuEntryContent item={item} depth={depth} props={props} />
        </button>
      )}
    </li>
  );
}

/**
 * SPEC §2: 300 wide, 70 collapsed (collapsing by itself below 'lg', see useSideMenuCollapsed); the server's items,
 * titles, order and submenus as links, a count beside Published Files and Requested Documents, the app version in
 * the footer. Collapsed, an entry shows its icon and says its title (or "coming soon") on hover.
 */
export function SideMenu(props: SideMenuProps) {
  const { id, items, collapsed, overlay, version } = props;
  const classes = ['portico-side-menu'];
  if (collapsed) classes.push('portico-side-menu--collapsed');
  if (overlay) classes.push('portico-side-menu--overlay');
  return (
    <aside
      id={id}
      className={classes.join(' ')}
      data-testid="side-menu"
      data-collapsed={collapsed ? 'true' : 'false'}
      aria-label="Side menu"
    >
      <nav aria-label="Main menu" className="portico-side-menu__nav">
        <ul className="portico-menu">
          {items.map((item) => (
            <MenuEntry key={item.key} item={item} depth={0} props={props} />
          ))}
        </ul>
      </nav>
      <p className="portico-side-menu__version" data-testid="app-version">
        {collapsed ? version : `Version ${version}`}
      </p>
    </aside>
  );
}
