import { zodResolver } from '@hookform/resolvers/zod';
import { RejectBodySchema } from '@iddesk/contract';
import { z } from 'zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextArea } from '../../../components/ui/text-area';
import type { ActionResult } from '../../../lib/action';
import { showServerErrors } from '../../../lib/form-errors';

type RejectPanelProps = {
  /** "bill #12" */
  subject: string;
  /** What rejecting does, for the confirmation. */
  consequence: string;
  loading: boolean;
  onReject: (body: RejectOutput) => Promise<ActionResult<unknown>>;
};

type Values = { comment: string };
type RejectOutput = { comment?: string | undefined };

/** The contract's comment rule, seen from a form that always holds a string. */
const RejectFormSchema = z.object({
  comment: RejectBodySchema.shape.comment as z.ZodType<string | undefined, string>,
});

/** Reject with an optional comment for the customer, after a confirmation. */
export function RejectPanel({ subject, consequence, loading, onReject }: RejectPanelProps) {
  const [confirming, setConfirming] = useState<RejectOutput | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, RejectOutput>({
    resolver: zodResolver(RejectFormSchema),
    defaultValues: { comment: '' },
  });

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    setConfirming(body);
  });

  const reject = async () => {
    if (!confirming) return;
    const result = await onReject(confirming);
    setConfirming(null);
    if (!result.ok) setFormError(showServerErrors(result.error, setError, ['comment']));
  };

  return (
    <section aria-labelledby="reject-heading">
      <h2 id="reject-heading" className="text-lg font-semibold text-slate-900">
        Reject
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-4">
        <FormAlert message={formError} />
        <TextArea
          label="Rejection comment"
          hint="Optional. The customer sees it in their notification."
          maxLength={500}
          error={errors.comment?.message}
          {...register('comment')}
        />
        <div>
          <Button type="submit" variant="danger">
            Reject
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Reject ${subject}?`}
        description={consequence}
        confirmLabel={`Reject ${subject}`}
        tone="danger"
        loading={loading}
        onConfirm={() => void reject()}
      >
        {confirming?.comment ? (
          <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-inset ring-slate-200">
            “{confirming.comment}”
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
