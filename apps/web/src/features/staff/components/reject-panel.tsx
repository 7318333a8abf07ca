import { RejectBodySchema } from '@iddesk/contract';
import { z } from 'zod';
import { DecisionPanel } from '../../../components/ui/decision-panel';
import { TextArea } from '../../../components/ui/text-area';
import type { DecisionSubmit } from '../api/queue-params';
import { useAppForm } from '../../../lib/use-app-form';
import { staffText } from '../i18n';

type RejectOutput = { comment?: string | undefined };

export type RejectPanelProps = {
  /** "bill #12" */
  subject: string;
  /** What rejecting does, for the confirmation. */
  consequence: string;
} & DecisionSubmit<RejectOutput>;

/** The contract's comment rule, seen from a form that always holds a string. */
const RejectFormSchema = z.object({
  comment: RejectBodySchema.shape.comment as z.ZodType<string | undefined, string>,
});

/** Reject with an optional comment for the customer, after a confirmation. */
export function RejectPanel({ subject, consequence, submit, onDone }: RejectPanelProps) {
  const t = staffText.useT();
  const app = useAppForm({
    schema: RejectFormSchema,
    defaultValues: { comment: '' },
    confirm: true,
    submit,
    onSuccess: onDone,
  });
  const comment = app.confirming?.comment;
  return (
    <DecisionPanel
      app={app}
      heading={t('reject.heading')}
      decision="reject"
      danger
      confirm={{
        title: t('reject.title', { subject }),
        description: consequence,
        confirmLabel: t('reject.confirm', { subject }),
        children: comment ? (
          <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-inset ring-slate-200">
            <q>{comment}</q>
          </p>
        ) : null,
      }}
    >
      <TextArea
        label={t('reject.comment')}
        hint={t('reject.commentHint')}
        maxLength={500}
        rows={2}
        {...app.field('comment')}
      />
    </DecisionPanel>
  );
}
