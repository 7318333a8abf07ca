import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { CountBadge } from './count-badge';

export type MenuItem = {
  label: string;
  to: string;
  active?: boolean;
  /** A count shown after the label (items waiting), read as "(3 waiting)". */
  badge?: number;
};

type MenuButtonProps = {
  label: string;
  items: MenuItem[];
  active?: boolean;
  className?: string;
  buttonClassName?: string;
  /** A count on the button itself (the items' total). */
  badge?: number;
  /** What the counts are, for screen readers: "waiting". */
  badgeLabel?: string;
};

/**
 * A disclosure-style menu button (WAI-ARIA menu button pattern): Enter/Space/ArrowDown open it and
 * focus the first item, arrows move, Escape closes and returns focus, Tab or a click outside closes.
 */
export function MenuButton({
  label,
  items,
  active,
  className,
  buttonClassName,
  badge = 0,
  badgeLabel = 'waiting',
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLAnchorElement | null)[]>([]);

  const focusItem = (index: number) => {
    const count = items.length;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };

  const openAndFocus = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAndFocus(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAndFocus(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const current = itemRefs.current.findIndex((el) => el === document.activeElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? setOpen(false) : openAndFocus(0))}
        onKeyDown={onButtonKeyDown}
        className={cn(buttonClassName, active && 'is-active')}
      >
        {label}
        <CountBadge count={badge} label={badgeLabel} />
        <ChevronDown
          className={cn('size-4 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <ul
        id={menuId}
        role="menu"
        aria-label={label}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        className="z-40 mt-1 min-w-48 rounded-xl border border-slate-200 bg-white p-1.5 shadow-sheet md:absolute md:left-0"
      >
        {items.map((item, index) => (
          <li key={item.to} role="none">
            <Link
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              role="menuitem"
              tabIndex={-1}
              to={item.to}
              aria-current={item.active ? 'page' : undefined}
              onClick={() => setOpen(false)}
              className={cn(
                'flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold focus:outline-none',
                item.active
                  ? 'bg-brand-50 text-brand-800'
                  : 'text-slate-800 hover:bg-slate-100 focus:bg-slate-100',
              )}
            >
              <span className="flex-1">{item.label}</span>
              <CountBadge count={item.badge ?? 0} label={badgeLabel} className="ml-3" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
