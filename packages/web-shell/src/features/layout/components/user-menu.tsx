import { SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useEffect, useId, useRef, useState } from 'react';

export interface UserMenuProps {
  userName: string;
  /** Whether the name is shown (wide screens) or only the icon. */
  showName: boolean;
  /** The provider's "Sign-in and security" page. */
  accountUrl: string;
}

/**
 * The user's name in the header opens a small menu (a disclosure: a button and a list of links, closed by Escape,
 * a click elsewhere, or following a link) that leads to the provider's "Sign-in and security" page.
 */
export function UserMenu({ userName, showName, accountUrl }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="portico-user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="portico-header__user portico-user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={showName ? undefined : `Signed in as ${userName}: account menu`}
        title={userName}
        onClick={() => setOpen((value) => !value)}
        data-testid="user-menu-button"
      >
        <UserOutlined aria-hidden style={showName ? undefined : { fontSize: 18 }} />
        {showName ? (
          <span className="portico-header__user-name" data-testid="user-name">
            {userName}
          </span>
        ) : null}
      </button>
      <ul id={menuId} className="portico-user-menu__list" hidden={!open}>
        <li>
          <a href={accountUrl} className="portico-user-menu__item" onClick={() => setOpen(false)}>
            <SafetyOutlined aria-hidden /> Sign-in and security
          </a>
        </li>
      </ul>
    </div>
  );
}
