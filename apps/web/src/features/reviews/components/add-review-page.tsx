import { AddReviewBodySchema, REVIEW_TEXT_MAX_LENGTH, ROUTES } from '@iddesk/contract';
import { Controller, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AppForm } from '../../../components/ui/app-form';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { TextArea } from '../../../components/ui/text-area';
import { cn } from '../../../lib/cn';
import { useAppForm } from '../../../lib/use-app-form';
import { useAddReview } from '../api/add-review';
import { RatingPicker } from './rating-picker';
import { reviewsText } from '../i18n';

/** "120 / 5,000 characters", in red once over the limit. */
export function characterCount(text: string, max = REVIEW_TEXT_MAX_LENGTH) {
  const used = text.trim().length;
  return {
    label: reviewsText.t('add.count', { used: used.toLocaleString('en-IN'), max: max.toLocaleString('en-IN') }),
    over: used > max,
  };
}

export function AddReviewPage() {
  const t = reviewsText.useT();
  const navigate = useNavigate();
  const mutation = useAddReview();
  const app = useAppForm({
    schema: AddReviewBodySchema,
    defaultValues: { rating: undefined as number | undefined, text: '' },
    submit: (values) => mutation.mutateAsync(values),
    action: { successMessage: t('add.done') },
    onSuccess: () => navigate(ROUTES.reviews),
  });
  const text = useWatch({ control: app.form.control, name: 'text' }) ?? '';
  const count = characterCount(text);

  return (
    <>
      <PageHeading
        title={t('add.title')}
        description={t('add.description')}
      />
      <Card className="max-w-2xl">
        <AppForm app={app} className="flex flex-col gap-6">
          <Controller
            control={app.form.control}
            name="rating"
            render={({ field, fieldState }) => (
              <RatingPicker
                name={field.name}
                value={typeof field.value === 'number' ? field.value : undefined}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <TextArea
            label={t('add.text')}
            rows={6}
            placeholder={t('add.placeholder')}
            hint={
              <span className={cn('tabular-nums', count.over && 'font-semibold text-red-700')}>
                {count.label}
              </span>
            }
            {...app.field('text')}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={app.loading}>
              {t('add.submit')}
            </Button>
            <ButtonLink to={ROUTES.reviews} variant="ghost">
              {t('add.cancel')}
            </ButtonLink>
          </div>
        </AppForm>
      </Card>
    </>
  );
}
