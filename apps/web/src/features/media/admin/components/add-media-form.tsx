import { zodResolver } from '@hookform/resolvers/zod';
import { MEDIA_IMAGE_FIELD } from '@iddesk/contract';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ImageField } from '../../../../components/ui/image-field';
import { SegmentedControl } from '../../../../components/ui/segmented-control';
import { TextField } from '../../../../components/ui/text-field';
import { showServerErrors } from '../../../../lib/form-errors';
import { useAction } from '../../../../lib/use-action';
import { useCreateMedia } from '../api/create-media';
import {
  type AddMediaFormInput,
  AddMediaFormSchema,
  type AddMediaFormValues,
} from './media-form-schema';

const FIELDS = ['title', 'video_url', 'order', MEDIA_IMAGE_FIELD] as const;
const EMPTY: AddMediaFormInput = {
  title: '',
  source: 'image',
  image: null,
  video_url: '',
  order: '',
};

export function AddMediaForm() {
  const mutation = useCreateMedia();
  const { run, loading } = useAction();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<AddMediaFormInput, unknown, AddMediaFormValues>({
    resolver: zodResolver(AddMediaFormSchema),
    defaultValues: EMPTY,
  });
  const source = useWatch({ control, name: 'source' });

  const onSubmit = handleSubmit(async (values) => {
    const base = { title: values.title, order: values.order };
    const result = await run(() =>
      mutation.mutateAsync(
        values.source === 'image' && values.image
          ? { ...base, image: values.image }
          : { ...base, video_url: values.video_url ?? '' },
      ),
    );
    if (result.ok) reset(EMPTY);
    else showServerErrors(result.error, setError, FIELDS, MEDIA_IMAGE_FIELD);
  });

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Add to the gallery</h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-5">
        <TextField label="Title" error={errors.title?.message} {...register('title')} />
        <Controller
          control={control}
          name="source"
          render={({ field }) => (
            <SegmentedControl
              legend="Type"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              options={[
                { value: 'image', label: 'Image' },
                { value: 'video', label: 'Video link' },
              ]}
            />
          )}
        />
        {source === 'image' ? (
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <ImageField
                label="Image"
                file={field.value ?? null}
                onChange={field.onChange}
                error={errors.image?.message}
                hint="JPEG, PNG or WebP, up to 5 MB. Opens full size in a lightbox."
                disabled={loading}
              />
            )}
          />
        ) : (
          <TextField
            label="Video link"
            type="url"
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="https://www.youtube.com/watch?v=…"
            hint="A YouTube or Vimeo link, or an https link to an .mp4 or .webm file. It plays on the page."
            error={errors.video_url?.message}
            {...register('video_url')}
          />
        )}
        <TextField
          label="Order (optional)"
          inputMode="numeric"
          placeholder="0"
          hint="Lower numbers come first; items with the same number show the newest first."
          error={errors.order?.message}
          className="sm:max-w-xs"
          {...register('order')}
        />
        <div>
          <Button type="submit" loading={loading}>
            Add to gallery
          </Button>
        </div>
      </form>
    </Card>
  );
}
