import { cn } from '../../lib/cn';

type CountBadgeProps = {
  count: number;
  /** What the count is, for screen readers: "waiting" reads "(3 waiting)". */
  label: string;
  className?: string;
};

/** A small count pill (queue sizes, unread items); nothing at zero. */
export function CountBadge({ count, label, className }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold leading-none text-white tabular-nums',
          className,
        )}
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">
        ({count} {label})
      </span>
    </>
  );
}
