import { zodResolver } from '@hookform/resolvers/zod';
import { type MediaEditBody, MediaEditBodySchema, type MediaItem } from '@iddesk/contract';
import { Film, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { TextField } from '../../../../components/ui/text-field';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { useAction } from '../../../../lib/use-action';
import { useDeleteMedia } from '../api/delete-media';
import { useEditMedia } from '../api/edit-media';

const PROVIDER: Record<string, string> = { youtube: 'YouTube', vimeo: 'Vimeo', file: 'Video file' };

function Thumbnail({ item }: { item: MediaItem }) {
  return item.image_url ? (
    <img
      src={item.image_url}
      alt=""
      loading="lazy"
      className="aspect-[3/2] w-full rounded-lg bg-slate-100 object-cover sm:w-36"
    />
  ) : (
    <span className="flex aspect-[3/2] w-full items-center justify-center rounded-lg bg-slate-900 text-white sm:w-36">
      <Film className="size-8" aria-hidden="true" />
    </span>
  );
}

function EditForm({ item, onDone }: { item: MediaItem; onDone: () => void }) {
  const mutation = useEditMedia();
  const { run, loading } = useAction();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<MediaEditBody>({
    resolver: zodResolver(MediaEditBodySchema),
    defaultValues: { title: item.title, order: String(item.order) },
  });
  const onSubmit = handleSubmit(async (values) => {
    const result = await run(() =>
      mutation.mutateAsync({ id: item.id, ...values }),
    );
    if (result.ok) onDone();
    else applyFieldErrors(result.error, setError, ['title', 'order']);
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <TextField
        label="Title"
        className="flex-1"
        error={errors.title?.message}
        {...register('title')}
      />
      <TextField
        label="Order"
        inputMode="numeric"
        className="sm:w-28"
        error={errors.order?.message}
        {...register('order')}
      />
      <div className="flex gap-2 sm:pt-7">
        <Button type="submit" loading={loading}>
          Save
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={loading}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** One gallery item in the admin list: thumbnail, facts, edit in place, delete after confirming. */
export function AdminMediaItem({ item }: { item: MediaItem }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMedia();
  const { run, loading } = useAction();
  const onDelete = async () => {
    const result = await run(() => remove.mutateAsync(item.id));
    if (result.ok) setConfirming(false);
  };

  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200/80 bg-white p-4 text-slate-900 shadow-card sm:flex-row">
      <Thumbnail item={item} />
      <div className="min-w-0 flex-1">
        {editing ? (
          <EditForm item={item} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h3 className="[overflow-wrap:anywhere] font-semibold">{item.title}</h3>
              <p className="mt-1 text-sm text-slate-600">
                {item.kind === 'image'
                  ? `Image · ${item.width ?? '?'}×${item.height ?? '?'}`
                  : (PROVIDER[item.video_provider ?? ''] ?? 'Video')}{' '}
                · Order {item.order}
              </p>
              {item.video_url ? (
                <p className="mt-1 truncate text-sm text-slate-600">{item.video_url}</p>
              ) : null}
            </div>
            <div className="flex shrink-0 gap-2">
              <Button
                variant="secondary"
                onClick={() => setEditing(true)}
                icon={<Pencil className="size-4" aria-hidden="true" />}
                aria-label={`Edit ${item.title}`}
              >
                Edit
              </Button>
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50"
                onClick={() => setConfirming(true)}
                icon={<Trash2 className="size-4" aria-hidden="true" />}
                aria-label={`Delete ${item.title}`}
              >
                Delete
              </Button>
            </div>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this item?"
        description={`“${item.title}” leaves the gallery at once${item.kind === 'image' ? ' and its image is deleted' : ''}. This cannot be undone.`}
        confirmLabel="Delete"
        tone="danger"
        loading={loading}
        onConfirm={() => void onDelete()}
      />
    </li>
  );
}
