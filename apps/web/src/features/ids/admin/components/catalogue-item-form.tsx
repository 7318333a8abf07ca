import { zodResolver } from '@hookform/resolvers/zod';
import { ROUTES, type AdminCatalogueItem } from '@iddesk/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { FormAlert } from '../../../../components/ui/form-alert';
import { ImageField } from '../../../../components/ui/image-field';
import { TextArea } from '../../../../components/ui/text-area';
import { TextField } from '../../../../components/ui/text-field';
import { imageFileError } from '../../../../lib/files';
import { showServerErrors } from '../../../../lib/form-errors';
import { useAction } from '../../../../lib/use-action';
import { useSaveCatalogueItem, type CatalogueItemInput } from '../api/catalogue';
import {
  CATALOGUE_ITEM_FIELDS,
  catalogueFormValues,
  catalogueItemFormSchema,
  type CatalogueItemFormValues,
} from './catalogue-item-schema';

/** Create (item null) or edit a catalogue item; back to the catalogue when saved. */
export function CatalogueItemForm({ item }: { item: AdminCatalogueItem | null }) {
  const navigate = useNavigate();
  const mutation = useSaveCatalogueItem();
  const { run, loading } = useAction();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<CatalogueItemFormValues, unknown, CatalogueItemInput>({
    resolver: zodResolver(catalogueItemFormSchema(item === null)),
    defaultValues: catalogueFormValues(item),
  });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(null);
    const result = await run(() => mutation.mutateAsync({ id: item?.id ?? null, input }), {
      successMessage: item ? 'Changes saved.' : 'Added to the catalogue.',
    });
    if (result.ok) await navigate(ROUTES.adminIds);
    else setFormError(showServerErrors(result.error, setError, CATALOGUE_ITEM_FIELDS, 'image'));
  });

  return (
    <Card className="max-w-3xl">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormAlert message={formError} />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            label="Name"
            placeholder="Lotus Exchange"
            maxLength={60}
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label="Website"
            placeholder="https://example.com"
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.website?.message}
            {...register('website')}
          />
        </div>
        <TextArea
          label="Description"
          rows={3}
          maxLength={2000}
          hint="Optional. One or two sentences customers see under the name."
          error={errors.description?.message}
          {...register('description')}
        />
        <TextField
          label="Minimum deposit"
          leading="₹"
          inputMode="decimal"
          autoComplete="off"
          className="sm:max-w-xs"
          hint="The least a new ID or a deposit into one may be."
          error={errors.min_deposit?.message}
          {...register('min_deposit')}
        />
        <Controller
          control={control}
          name="image"
          render={({ field, fieldState }) => (
            <ImageField
              label="Logo"
              what="logo"
              file={field.value}
              onChange={(file) => {
                field.onChange(file);
                const message = file ? imageFileError(file) : null;
                if (message) setError('image', { type: 'client', message });
                else clearErrors('image');
              }}
              hint={
                item
                  ? 'Choose a new image to replace the current logo.'
                  : 'A square JPEG, PNG or WebP image of at most 5 MB.'
              }
              error={fieldState.error?.message}
              current={
                item ? (
                  <img
                    src={item.logo_url}
                    alt={`Current logo of ${item.name}`}
                    className="h-40 w-full rounded-lg bg-white object-contain p-2 ring-1 ring-slate-200 sm:size-24"
                  />
                ) : null
              }
            />
          )}
        />
        <fieldset className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Demo access</legend>
          <p className="text-sm text-slate-600">
            Optional. Signed-in customers see this login on the Demo ID page. Leave both empty for
            no demo.
          </p>
          <div className="mt-4 grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField
              label="Demo login"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.demo_login?.message}
              {...register('demo_login')}
            />
            <TextField
              label="Demo password"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.demo_password?.message}
              {...register('demo_password')}
            />
          </div>
        </fieldset>
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
          <input type="checkbox" className="size-5 accent-brand-700" {...register('is_active')} />
          Active: customers see it in the catalogue
        </label>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={loading}>
            {item ? 'Save changes' : 'Add to catalogue'}
          </Button>
          <ButtonLink to={ROUTES.adminIds} variant="secondary">
            Cancel
          </ButtonLink>
        </div>
      </form>
    </Card>
  );
}
