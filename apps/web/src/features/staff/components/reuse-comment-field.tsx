import type { ReusedProof } from '@iddesk/contract';
import { useFormContext } from 'react-hook-form';
import { TextArea } from '../../../components/ui/text-area';
import { staffText } from '../i18n';

/** The approve form's "why approve anyway" comment, shown only for a flagged payment. */
export function ReuseCommentField({ flag }: { flag: ReusedProof | undefined }) {
  const t = staffText.useT();
  const { register, formState } = useFormContext<{ comment: string }>();
  if (!flag?.flagged) return null;
  return (
    <TextArea
      label={t('reuse.why')}
      hint={t('reuse.whyHint')}
      rows={2}
      maxLength={500}
      error={formState.errors.comment?.message}
      {...register('comment')}
    />
  );
}
