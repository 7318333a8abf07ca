import { cn } from '../../lib/cn';

/**
 * How a payment reference (UTR), a login or an account number is set: a monospace face with
 * steady digits. Staff compare it by eye with their bank's app, so it never wraps mid-number
 * (issue 56).
 */
export const REFERENCE_FACE = 'font-mono tabular-nums';

/** A reference in a list: one line, prominent (not small and grey under a payment type). */
export function Reference({ value, className }: { value: string; className?: string }) {
  return (
    <span className={cn(REFERENCE_FACE, 'whitespace-nowrap font-medium text-slate-900', className)}>
      {value}
    </span>
  );
}
