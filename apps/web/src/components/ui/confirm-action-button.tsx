import { useState, type ReactNode } from 'react';
import type { ApiResponse } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Button, type ButtonVariant } from './button';
import { ConfirmDialog, SummaryList, type SummaryItem } from './confirm-dialog';

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
  const { run, loading } = useAction();
  const confirm = async () => {
    const result = await run(action, successMessage === undefined ? {} : { successMessage });
    if (result.ok) setOpen(false);
  };
  return (
    <>
      <Button variant={variant} className={className} onClick={() => setOpen(true)}>
        {label}
        {/* Read after the visible text, so the accessible name starts with what is seen. */}
        {detail ? <span className="sr-only"> {detail}</span> : null}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        cancelLabel={keepLabel}
        tone={tone}
        loading={loading}
        onConfirm={() => void confirm()}
      >
        {items ? <SummaryList items={items} /> : null}
      </ConfirmDialog>
    </>
  );
}
