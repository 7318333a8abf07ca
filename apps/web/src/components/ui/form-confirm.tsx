import { ConfirmDialog, SummaryList, type ConfirmDialogProps, type SummaryItem } from './confirm-dialog';
import type { App } from './app-form';

// Apart from app-form.tsx, so a form without a confirmation (sign-in, register) does not load
// the dialog's code (Radix) with the form kit.

export type FormConfirmProps<TOut> = Omit<
  ConfirmDialogProps,
  'open' | 'onOpenChange' | 'loading' | 'onConfirm'
> & {
  app: App<TOut>;
  /** The facts repeated back from the values being confirmed. */
  items?: (values: TOut) => SummaryItem[];
};

/** The ConfirmDialog of a useAppForm form with `confirm` on. */
export function FormConfirm<TOut>({ app, items, children, ...dialog }: FormConfirmProps<TOut>) {
  const values = app.confirming;
  return (
    <ConfirmDialog {...app.confirm} {...dialog}>
      {items && values !== null ? <SummaryList items={items(values)} /> : children}
    </ConfirmDialog>
  );
}
