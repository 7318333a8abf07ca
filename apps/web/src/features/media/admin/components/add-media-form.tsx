import { MEDIA_IMAGE_FIELD } from '@iddesk/contract';
import { useWatch } from 'react-hook-form';
import { AppForm, FormImageField, FormSegmented } from '../../../../components/ui/app-form';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { INPUT, TextField } from '../../../../components/ui/text-field';
import { useAppForm } from '../../../../lib/use-app-form';
import { useCreateMedia } from '../api/create-media';
import { type AddMediaFormInput, AddMediaFormSchema } from './media-form-schema';

const EMPTY: AddMediaFormInput = {
  title: '',
  source: 'image',
  image: null,
  video_url: '',
  order: '',
};

export function AddMediaForm() {
  const mutation = useCreateMedia();
  const app = useAppForm({
    schema: AddMediaFormSchema,
    defaultValues: EMPTY,
    fields: ['title', 'video_url', 'order', MEDIA_IMAGE_FIELD],
    fileField: MEDIA_IMAGE_FIELD,
    submit: ({ title, order, source, image, video_url }) =>
      mutation.mutateAsync(
        source === 'image' && image
          ? { title, order, image }
          : { title, order, video_url: video_url ?? '' },
      ),
    onSuccess: (_data, _values, form) => form.reset(EMPTY),
  });
  const source = useWatch({ control: app.form.control, name: 'source' });

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Add to the gallery</h2>
      <AppForm app={app} className="mt-4 flex flex-col gap-5">
        <TextField label="Title" {...app.field('title')} />
        <FormSegmented
          name="source"
          legend="Type"
          options={[
            { value: 'image', label: 'Image' },
            { value: 'video', label: 'Video link' },
          ]}
        />
        {source === 'image' ? (
          <FormImageField
            name="image"
            label="Image"
            hint="JPEG, PNG or WebP, up to 5 MB. Opens full size in a lightbox."
            disabled={app.loading}
          />
        ) : (
          <TextField
            label="Video link"
            {...INPUT.url}
            placeholder="https://www.youtube.com/watch?v=…"
            hint="A YouTube or Vimeo link, or an https link to an .mp4 or .webm file. It plays on the page."
            {...app.field('video_url')}
          />
        )}
        <TextField
          label="Order (optional)"
          inputMode="numeric"
          placeholder="0"
          hint="Lower numbers come first; items with the same number show the newest first."
          className="sm:max-w-xs"
          {...app.field('order')}
        />
        <div>
          <Button type="submit" loading={app.loading}>
            Add to gallery
          </Button>
        </div>
      </AppForm>
    </Card>
  );
}
