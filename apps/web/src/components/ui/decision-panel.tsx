import { useId, type ReactNode } from 'react';
import { AppForm, type App } from './app-form';
import { FormConfirm, type FormConfirmProps } from './form-confirm';
import { Button } from './button';

type DecisionPanelProps<TOut> = {
  app: App<TOut>;
  /** The heading, and the button unless `button` names it: "Approve", "Reject". */
  heading: string;
  button?: string;
  intro?: ReactNode;
  danger?: boolean;
  /** A quieter button (a manual withdrawal next to a manual deposit). */
  secondary?: boolean;
  confirm: Omit<FormConfirmProps<TOut>, 'app'>;
  /** Names the decision for the item page's keys (A approve, R reject). */
  decision?: 'approve' | 'reject';
  /** The fields the decision needs, if any. */
  children?: ReactNode;
};

/** One decision on a pending item (an admin's approve or reject): its fields, then a confirmation. */
export function DecisionPanel<TOut>({
  app,
  heading,
  button = heading,
  intro,
  danger = false,
  secondary = false,
  confirm,
  decision,
  children,
}: DecisionPanelProps<TOut>) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-decision={decision}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {intro ? <p className="mt-1 text-slate-600">{intro}</p> : null}
      <AppForm app={app} className={`${intro ? 'mt-4' : 'mt-3'} flex flex-col gap-4`}>
        {children}
        <div>
          <Button type="submit" variant={danger ? 'danger' : secondary ? 'secondary' : 'primary'}>
            {button}
          </Button>
        </div>
      </AppForm>
      <FormConfirm app={app} tone={danger ? 'danger' : 'primary'} {...confirm} />
    </section>
  );
}
