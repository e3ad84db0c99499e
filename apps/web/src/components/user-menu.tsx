import { Paper, UnstyledButton } from '@mantine/core';
import { useClickOutside, useId } from '@mantine/hooks';
import { createContext, type KeyboardEvent, type ReactNode, useContext, useRef, useState } from 'react';
import { Link } from 'react-router';

type Props = {
  button: ReactNode;
  label: string;
  /** The items (UserMenuLink, UserMenuAction, UserMenuDivider): mounted only while the menu is open. */
  children: ReactNode;
  testId?: string;
};

/** Closes the menu once an item is chosen. */
const ChosenContext = createContext<() => void>(() => undefined);

/**
 * A menu button as WAI-ARIA describes it: Enter, Space or ↓ open it on the first item, ↑ on the
 * last; ↑ ↓ Home End move; Escape closes it and returns to the button; Tab, a click outside or a
 * choice close it. The list opens under the button, aligned to its right edge, by CSS alone:
 * Mantine's Menu placed it with a positioning library that cost every page's first load 15 KB
 * and a forced layout per render.
 */
export function UserMenu({ button, label, children, testId }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useClickOutside<HTMLDivElement>(() => setOpen(false));

  const entries = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const openOn = (which: 'first' | 'last') => {
    setOpen(true);
    // The list exists after this render: focus moves into it on the next frame.
    requestAnimationFrame(() => {
      const all = entries();
      (which === 'first' ? all[0] : all[all.length - 1])?.focus();
    });
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openOn('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openOn('last');
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div ref={rootRef} className="user-menu">
      <UnstyledButton
        ref={buttonRef}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={onButtonKey}
        data-testid={testId}
      >
        {button}
      </UnstyledButton>
      {open && (
        <Paper
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          shadow="md"
          withBorder
          p={4}
          className="user-menu-list"
          onKeyDown={onMenuKey}
        >
          <ChosenContext.Provider value={() => close(false)}>{children}</ChosenContext.Provider>
        </Paper>
      )}
    </div>
  );
}

export function UserMenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  const chosen = useContext(ChosenContext);
  return (
    <Link to={to} role="menuitem" tabIndex={-1} className="user-menu-item" onClick={chosen}>
      {icon}
      {children}
    </Link>
  );
}

export function UserMenuAction({
  onClick,
  icon,
  children,
}: {
  onClick: () => void;
  icon: ReactNode;
  children: ReactNode;
}) {
  const chosen = useContext(ChosenContext);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className="user-menu-item"
      onClick={() => {
        chosen();
        onClick();
      }}
    >
      {icon}
      {children}
    </button>
  );
}

export function UserMenuDivider() {
  return <hr className="user-menu-divider" />;
}
