import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Marque,
  type MarqueBody,
  MarqueBodySchema,
  MARQUEE_MAX_LENGTH,
} from '@iddesk/contract';
import { EyeOff } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ListError, ListLoading } from '../../../../components/ui/list-states';
import { Marquee } from '../../../../components/ui/marquee';
import { PageHeading } from '../../../../components/ui/page-heading';
import { TextArea } from '../../../../components/ui/text-area';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { isMarqueeVisible } from '../../marquee';
import { useAction } from '../../../../lib/use-action';
import { useMarque } from '../../api/get-marque';
import { useSetMarque } from '../api/set-marque';

function TopBlockForm({ current }: { current: Marque }) {
  const mutation = useSetMarque();
  const { run, loading } = useAction();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<MarqueBody>({
    resolver: zodResolver(MarqueBodySchema),
    defaultValues: { text: current.text },
  });
  const text = useWatch({ control, name: 'text' }) ?? '';
  const visible = isMarqueeVisible(text);

  const onSubmit = handleSubmit(async (values) => {
    const result = await run(() => mutation.mutateAsync(values));
    if (result.ok) reset(result.data);
    else applyFieldErrors(result.error, setError, ['text']);
  });

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="preview-title">
        <h2
          id="preview-title"
          className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-300"
        >
          Live preview
        </h2>
        <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-white/10">
          {visible ? (
            <Marquee text={text.trim()} />
          ) : (
            <p className="flex items-center gap-2 px-4 py-3 text-sm text-slate-600">
              <EyeOff className="size-4" aria-hidden="true" />
              Hidden: the banner shows only when the text is longer than one character.
            </p>
          )}
          <p className="px-4 py-2 text-xs text-slate-600">
            As customers see it under the header on the ID pages (mobile and desktop).
          </p>
        </div>
      </section>
      <Card>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <TextArea
            label="Announcement text"
            rows={3}
            placeholder="Diwali offer: 5% bonus on every deposit this week"
            error={errors.text?.message}
            hint={`${text.trim().length} / ${MARQUEE_MAX_LENGTH} characters · plain text, one line. Leave it empty to hide the banner.`}
            {...register('text')}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={loading}>
              Save top block
            </Button>
            {isDirty ? (
              <Button variant="ghost" onClick={() => reset()} disabled={loading}>
                Discard
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
    </div>
  );
}

/** /admin/top_block: edit the scrolling announcement with a live preview (SPEC.md §1). */
export function AdminTopBlockPage() {
  const query = useMarque();
  return (
    <>
      <PageHeading
        title="Top block"
        description="The scrolling announcement at the top of the customer site."
      />
      {query.isError && !query.data ? (
        <Card>
          <ListError
            message={query.error.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      ) : !query.data ? (
        <ListLoading label="Loading the top block" rows={2} />
      ) : (
        <TopBlockForm current={query.data} />
      )}
    </>
  );
}
