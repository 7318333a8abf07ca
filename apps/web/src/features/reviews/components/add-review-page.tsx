import { zodResolver } from '@hookform/resolvers/zod';
import { AddReviewBodySchema, REVIEW_TEXT_MAX_LENGTH, ROUTES } from '@iddesk/contract';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { TextArea } from '../../../components/ui/text-area';
import { cn } from '../../../lib/cn';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useAction } from '../../../lib/use-action';
import { useAddReview } from '../api/add-review';
import { RatingPicker } from './rating-picker';

const FIELDS = ['rating', 'text'] as const;

/** "120 / 5,000 characters", in red once over the limit. */
export function characterCount(text: string, max = REVIEW_TEXT_MAX_LENGTH) {
  const used = text.trim().length;
  return {
    label: `${used.toLocaleString('en-IN')} / ${max.toLocaleString('en-IN')} characters`,
    over: used > max,
  };
}

export function AddReviewPage() {
  const navigate = useNavigate();
  const mutation = useAddReview();
  const { run, loading } = useAction();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(AddReviewBodySchema),
    defaultValues: { rating: undefined as number | undefined, text: '' },
  });
  const text = useWatch({ control, name: 'text' }) ?? '';
  const count = characterCount(text);

  const onSubmit = handleSubmit(async (values) => {
    const result = await run(() => mutation.mutateAsync(values), {
      successMessage: 'Thank you! Your review has been published.',
    });
    if (result.ok) void navigate(ROUTES.reviews);
    else applyFieldErrors(result.error, setError, FIELDS);
  });

  return (
    <>
      <PageHeading
        title="Write a review"
        description="Tell other members how the desk worked for you. Your name is shown with it."
      />
      <Card className="max-w-2xl">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <Controller
            control={control}
            name="rating"
            render={({ field }) => (
              <RatingPicker
                name={field.name}
                value={typeof field.value === 'number' ? field.value : undefined}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.rating?.message}
              />
            )}
          />
          <TextArea
            label="Your review"
            rows={6}
            placeholder="What went well? What could we do better?"
            error={errors.text?.message}
            hint={
              <span className={cn('tabular-nums', count.over && 'font-semibold text-red-700')}>
                {count.label}
              </span>
            }
            {...register('text')}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={loading}>
              Publish review
            </Button>
            <ButtonLink to={ROUTES.reviews} variant="ghost">
              Cancel
            </ButtonLink>
          </div>
        </form>
      </Card>
    </>
  );
}
