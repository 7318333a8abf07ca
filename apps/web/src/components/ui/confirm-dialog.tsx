import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode, type RefObject } from 'react';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n-common';
import { Button } from './button';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** What is about to happen, usually a SummaryList. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  loading?: boolean;
  /** Nothing to confirm yet (the facts above say why). */
  disabled?: boolean;
  onConfirm: () => void;
};

type DialogPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** While true (an action runs) the dialog cannot be dismissed. */
  locked?: boolean;
  /** Focused on open instead of the first control (a confirmation's action). */
  initialFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
};

/** A centred modal dialog with its title, close button and description. */
export function DialogPanel({
  open,
  onOpenChange,
  title,
  description,
  locked = false,
  initialFocus,
  children,
}: DialogPanelProps) {
  const t = common.useT();
  const change = (next: boolean) => {
    if (!locked) onOpenChange(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          className="dialog-panel fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-sheet focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close
              className="-mr-2 -mt-2 flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100 disabled:opacity-50"
              aria-label={t('dialog.close')}
              disabled={locked}
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-slate-600">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Cancel and the action, at the foot of a dialog. */
export function DialogButtons({
  onCancel,
  loading,
  cancelLabel,
  className = 'mt-6',
  children,
}: {
  onCancel: () => void;
  loading: boolean;
  cancelLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  const t = common.useT();
  return (
    <div className={cn('flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)}>
      <Button variant="secondary" onClick={onCancel} disabled={loading}>
        {cancelLabel ?? t('dialog.cancel')}
      </Button>
      {children}
    </div>
  );
}

/**
 * The last step before money moves (or anything hard to undo). While the action runs the dialog
 * cannot be dismissed, so the outcome is never hidden behind a closed dialog.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  loading = false,
  disabled = false,
  onConfirm,
}: ConfirmDialogProps) {
  // The action has the focus, so Enter confirms what the facts above repeat (staff confirm
  // with the keyboard); Escape or Cancel still backs out.
  const action = useRef<HTMLButtonElement>(null);
  return (
    <DialogPanel
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      locked={loading}
      // A disabled action cannot take the focus: the dialog's first control does.
      initialFocus={disabled ? undefined : action}
    >
      {children ? <div className="mt-4">{children}</div> : null}
      <DialogButtons
        onCancel={() => onOpenChange(false)}
        loading={loading}
        cancelLabel={cancelLabel}
      >
        <Button
          ref={action}
          variant={tone === 'danger' ? 'danger' : 'primary'}
          onClick={onConfirm}
          loading={loading}
          disabled={disabled}
        >
          {confirmLabel}
        </Button>
      </DialogButtons>
    </DialogPanel>
  );
}

export type SummaryItem = { label: string; value: ReactNode };

/** The facts a confirmation repeats back, one per line. */
export function SummaryList({ items }: { items: SummaryItem[] }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-xl bg-slate-50 px-4 ring-1 ring-inset ring-slate-200">
      {items.map((item) => (
        <div key={item.label} className="flex items-baseline justify-between gap-4 py-3">
          <dt className="text-sm text-slate-600">{item.label}</dt>
          <dd className="min-w-0 break-words text-right font-semibold text-slate-900">
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
