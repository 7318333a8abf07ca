import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { ApiResponse } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Button, type ButtonVariant } from './button';
import type { ConfirmDialogProps, SummaryItem } from './confirm-dialog';

// The dialog (Radix) loads on the first press or hover, not with the lists that show these
// buttons: they are on pages a guest's first load shares chunks with (issue 8 budget).
const loadDialog = () => import('./confirm-dialog');
const ConfirmWithSummary = lazy(() =>
  loadDialog().then(({ ConfirmDialog, SummaryList }) => ({
    default: ({ items, ...props }: ConfirmDialogProps & { items?: SummaryItem[] | undefined }) => (
      <ConfirmDialog {...props}>{items ? <SummaryList items={items} /> : null}</ConfirmDialog>
    ),
  })),
);

type ConfirmActionButtonProps<T> = {
  /** The button's text ("Cancel"), and what it acts on, for screen readers ("withdrawal of ₹300.00"). */
  label: string;
  detail?: string;
  variant?: ButtonVariant;
  className?: string;
  title: string;
  description: ReactNode;
  /** The facts the confirmation repeats back. */
  items?: SummaryItem[];
  confirmLabel: string;
  /** The dialog's way out (default "Cancel"; say "Keep it" when the action is a cancel). */
  keepLabel?: string;
  tone?: 'primary' | 'danger';
  /** The call, run once the customer confirms; its answer's message is toasted. */
  action: () => Promise<ApiResponse<T>>;
  successMessage?: string;
};

/**
 * A button whose action waits for a confirmation (money moves, or something hard to undo): the
 * dialog repeats the facts, cannot be dismissed while the call runs, and closes once it
 * succeeds; a failure stays in the error toast with the dialog open to try again or leave.
 */
export function ConfirmActionButton<T>({
  label,
  detail,
  variant = 'secondary',
  className,
  title,
  description,
  items,
  confirmLabel,
  keepLabel,
  tone = 'primary',
  action,
  successMessage,
}: ConfirmActionButtonProps<T>) {
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so it can animate closed.
  const [mounted, setMounted] = useState(false);
  const { run, loading } = useAction();
  const confirm = async () => {
    const result = await run(action, successMessage === undefined ? {} : { successMessage });
    if (result.ok) setOpen(false);
  };
  return (
    <>
      <Button
        variant={variant}
        className={className}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {label}
        {/* Read after the visible text, so the accessible name starts with what is seen. */}
        {detail ? <span className="sr-only"> {detail}</span> : null}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ConfirmWithSummary
            open={open}
            onOpenChange={setOpen}
            title={title}
            description={description}
            items={items}
            confirmLabel={confirmLabel}
            cancelLabel={keepLabel}
            tone={tone}
            loading={loading}
            onConfirm={() => void confirm()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
