import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from './link';
import './admin-ui.css';
import './menu-button.css';

/** One entry of a `MenuButton`: an action, or a link to a page of the app. */
export type MenuEntry = {
  key: string;
  label: string;
  /** Red text, and a line above it: for the destructive entry that ends a menu (Delete). */
  isDanger?: boolean;
  /** Shown but not chosen (`aria-disabled`), e.g. while a write on the same record runs. */
  isDisabled?: boolean;
} & ({ onSelect: () => void; to?: never } | { to: string; onSelect?: never });

/** Props of `MenuButton`. */
export interface MenuButtonProps {
  /** The button's text and the menu's name ('Altre azioni'). */
  label: string;
  entries: readonly MenuEntry[];
}

/** Which entry gets the focus when the menu opens. */
type Opening = 'first' | 'last';

/**
 * A button that opens a menu of actions (the WAI-ARIA menu button): Enter, Space or ↓ open it on
 * the first entry, ↑ on the last; ↑ ↓ Home End and a letter move within it; Escape closes it and
 * gives the focus back to the button, Tab or a click outside close it; choosing an entry closes it,
 * puts the focus on the button, then runs the entry (so a dialog it opens returns the focus there).
 */
export function MenuButton({ label, entries }: MenuButtonProps) {
  const [opening, setOpening] = useState<Opening | null>(null);
  const isOpen = opening !== null;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const items = () => [
    ...(menuRef.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? []),
  ];

  useEffect(() => {
    if (!opening) return;
    const all = items();
    (opening === 'first' ? all[0] : all.at(-1))?.focus();
  }, [opening]);

  useEffect(() => {
    if (!isOpen) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpening(null);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [isOpen]);

  function closeToButton() {
    // Closed on screen before an entry's action runs (a confirmation, a dialog taking the focus).
    flushSync(() => setOpening(null));
    buttonRef.current?.focus();
  }

  function handleChoose(entry: MenuEntry) {
    if (entry.isDisabled) return;
    closeToButton();
    entry.onSelect?.();
  }

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpening(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        focusAt(current - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(all.length - 1);
        break;
      case 'Escape':
        closeToButton();
        break;
      case 'Tab':
        setOpening(null);
        return;
      default: {
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const key = event.key.toLocaleLowerCase();
        const next = [...all.slice(current + 1), ...all.slice(0, current + 1)].find((item) =>
          item.textContent?.trim().toLocaleLowerCase().startsWith(key),
        );
        next?.focus();
      }
    }
    event.preventDefault();
  }

  return (
    <div ref={rootRef} className="menu-button">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="btn btn--small menu-button__toggle"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setOpening(isOpen ? null : 'first')}
        onKeyDown={handleButtonKeyDown}
      >
        {label}
        <span className="menu-button__caret" aria-hidden="true" />
      </button>
      {isOpen ? (
        <ul
          ref={menuRef}
          id={menuId}
          className="menu-button__menu"
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={handleMenuKeyDown}
        >
          {entries.map((entry) => (
            <MenuItem key={entry.key} entry={entry} onChoose={() => handleChoose(entry)} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One entry: a link (the app moves, the menu closes) or a button-like item. */
function MenuItem({ entry, onChoose }: { entry: MenuEntry; onChoose: () => void }) {
  const className = entry.isDanger
    ? 'menu-button__item menu-button__item--danger'
    : 'menu-button__item';
  if (entry.to !== undefined) {
    return (
      // The link moves the app, then its click reaches the item, which closes the menu.
      <li role="none" className="menu-button__entry" onClick={onChoose}>
        <Link role="menuitem" tabIndex={-1} className={className} to={entry.to}>
          {entry.label}
        </Link>
      </li>
    );
  }
  return (
    <li role="none" className="menu-button__entry">
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className={className}
        aria-disabled={entry.isDisabled ? true : undefined}
        onClick={onChoose}
      >
        {entry.label}
      </button>
    </li>
  );
}
