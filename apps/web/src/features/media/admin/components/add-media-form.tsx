import { MEDIA_IMAGE_FIELD } from '@iddesk/contract';
import { useWatch } from 'react-hook-form';
import { AppForm, FormImageField, FormSegmented } from '../../../../components/ui/app-form';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { INPUT, TextField } from '../../../../components/ui/text-field';
import { useAppForm } from '../../../../lib/use-app-form';
import { useCreateMedia } from '../api/create-media';
import { type AddMediaFormInput, AddMediaFormSchema } from './media-form-schema';
import { contentStaff } from '../../../staff';

/** An example, not text: the same in every language. */
const VIDEO_EXAMPLE = 'https://www.youtube.com/watch?v=…';

const EMPTY: AddMediaFormInput = {
  title: '',
  source: 'image',
  image: null,
  video_url: '',
  order: '',
};

export function AddMediaForm() {
  const t = contentStaff.useT();
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
      <h2 className="text-lg font-semibold text-slate-900">{t('media.add')}</h2>
      <AppForm app={app} className="mt-4 flex flex-col gap-5">
        <TextField label={t('media.title')} {...app.field('title')} />
        <FormSegmented
          name="source"
          legend={t('media.type')}
          options={[
            { value: 'image', label: t('media.image') },
            { value: 'video', label: t('media.videoLink') },
          ]}
        />
        {source === 'image' ? (
          <FormImageField
            name="image"
            label={t('media.image')}
            hint={t('media.imageHint')}
            disabled={app.loading}
          />
        ) : (
          <TextField
            label={t('media.videoLink')}
            {...INPUT.url}
            placeholder={VIDEO_EXAMPLE}
            hint={t('media.videoHint')}
            {...app.field('video_url')}
          />
        )}
        <TextField
          label={t('media.orderOptional')}
          inputMode="numeric"
          placeholder="0"
          hint={t('media.orderHint')}
          className="sm:max-w-xs"
          {...app.field('order')}
        />
        <div>
          <Button type="submit" loading={app.loading}>
            {t('media.addButton')}
          </Button>
        </div>
      </AppForm>
    </Card>
  );
}
