import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import * as css from './menu-button.css';

export type MenuItem = { key: string; label: string } & ({ to: string } | { onSelect: () => void });

interface MenuButtonProps {
  label: ReactNode;
  /** The accessible name when `label` alone does not say what the menu is. */
  ariaLabel?: string;
  items: MenuItem[];
  /** Shown above the items, e.g. the signed-in user's name and phone. */
  header?: ReactNode;
  align?: 'start' | 'end';
}

/**
 * A button that opens a menu (WAI-ARIA menu button): Enter, Space or ArrowDown opens it on the
 * first item, ArrowUp on the last; arrows, Home and End move; Escape closes and returns focus to
 * the button; Tab or a click elsewhere closes it.
 */
export function MenuButton({ label, ariaLabel, items, header, align = 'end' }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const menuId = useId();
  const buttonId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : items.length - 1);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex >= last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex <= 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const select = (item: MenuItem) => {
    close(!('to' in item));
    if ('onSelect' in item) item.onSelect();
  };

  return (
    <div className={css.wrapper} ref={wrapper}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className={css.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {label}
        <span className={css.caret} aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <div className={align === 'start' ? `${css.menu} ${css.menuStart}` : css.menu} onKeyDown={onMenuKey}>
          {header && <div className={css.menuHeader}>{header}</div>}
          <ul id={menuId} role="menu" aria-labelledby={buttonId} className={css.menuList}>
            {items.map((item, index) => (
              <li key={item.key} role="none">
                {'to' in item ? (
                  <Link
                    ref={(node) => {
                      itemRefs.current[index] = node;
                    }}
                    to={item.to}
                    role="menuitem"
                    tabIndex={-1}
                    className={css.item}
                    onClick={() => select(item)}
                  >
                    {item.label}
                  </Link>
                ) : (
                  <button
                    ref={(node) => {
                      itemRefs.current[index] = node;
                    }}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={css.item}
                    onClick={() => select(item)}
                  >
                    {item.label}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
