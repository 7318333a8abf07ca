import type { ReusedProof } from '@iddesk/contract';
import { useFormContext } from 'react-hook-form';
import { TextArea } from '../../../components/ui/text-area';

/** The approve form's "why approve anyway" comment, shown only for a flagged payment. */
export function ReuseCommentField({ flag }: { flag: ReusedProof | undefined }) {
  const { register, formState } = useFormContext<{ comment: string }>();
  if (!flag?.flagged) return null;
  return (
    <TextArea
      label="Why approve this flagged payment?"
      hint="Required. Kept in the audit trail, not shown to the customer."
      rows={2}
      maxLength={500}
      error={formState.errors.comment?.message}
      {...register('comment')}
    />
  );
}
