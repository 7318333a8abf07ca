import { type MediaEditBody, MediaEditBodySchema, type MediaItem } from '@iddesk/contract';
import { Film, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { AppForm } from '../../../../components/ui/app-form';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { TextField } from '../../../../components/ui/text-field';
import { useAction } from '../../../../lib/use-action';
import { useAppForm } from '../../../../lib/use-app-form';
import { useDeleteMedia } from '../api/delete-media';
import { useEditMedia } from '../api/edit-media';
import { contentStaff } from '../../../staff';

/** "Image · 1200×800 · Order 3" or "YouTube · Order 3". */
function facts(item: MediaItem): string {
  const { t } = contentStaff;
  if (item.kind === 'image') {
    return t('media.imageFacts', {
      width: item.width ?? '?',
      height: item.height ?? '?',
      order: item.order,
    });
  }
  const provider = item.video_provider ?? 'other';
  return t('media.videoFacts', { provider: t(`media.provider.${provider}`), order: item.order });
}

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
  const t = contentStaff.useT();
  const mutation = useEditMedia();
  const app = useAppForm({
    schema: MediaEditBodySchema,
    defaultValues: { title: item.title, order: String(item.order) },
    submit: (values) => mutation.mutateAsync({ id: item.id, ...(values as MediaEditBody) }),
    onSuccess: onDone,
  });
  return (
    <AppForm app={app} alert={false} className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <TextField label={t('media.title')} className="flex-1" {...app.field('title')} />
      <TextField
        label={t('media.order')}
        inputMode="numeric"
        className="sm:w-28"
        {...app.field('order')}
      />
      <div className="flex gap-2 sm:pt-7">
        <Button type="submit" loading={app.loading}>
          {t('media.save')}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={app.loading}>
          {t('media.cancel')}
        </Button>
      </div>
    </AppForm>
  );
}

/** One gallery item in the admin list: thumbnail, facts, edit in place, delete after confirming. */
export function AdminMediaItem({ item }: { item: MediaItem }) {
  const t = contentStaff.useT();
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
              <p className="mt-1 text-sm text-slate-600">{facts(item)}</p>
              {item.video_url ? (
                <p className="mt-1 truncate text-sm text-slate-600">{item.video_url}</p>
              ) : null}
            </div>
            <div className="flex shrink-0 gap-2">
              <Button
                variant="secondary"
                onClick={() => setEditing(true)}
                icon={<Pencil className="size-4" aria-hidden="true" />}
                aria-label={t('media.editLabel', { title: item.title })}
              >
                {t('media.edit')}
              </Button>
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50"
                onClick={() => setConfirming(true)}
                icon={<Trash2 className="size-4" aria-hidden="true" />}
                aria-label={t('media.deleteLabel', { title: item.title })}
              >
                {t('media.delete')}
              </Button>
            </div>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('media.deleteTitle')}
        description={t(item.kind === 'image' ? 'media.deleteImage' : 'media.deleteVideo', {
          title: item.title,
        })}
        confirmLabel={t('media.delete')}
        tone="danger"
        loading={loading}
        onConfirm={() => void onDelete()}
      />
    </li>
  );
}
