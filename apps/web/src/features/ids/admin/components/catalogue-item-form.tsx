import { ROUTES, type AdminCatalogueItem } from '@iddesk/contract';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { AppForm, FormCheckbox, FormImageField } from '../../../../components/ui/app-form';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { TextArea } from '../../../../components/ui/text-area';
import { INPUT, TextField } from '../../../../components/ui/text-field';
import { useAppForm } from '../../../../lib/use-app-form';
import { useSaveCatalogueItem } from '../api/catalogue';
import { catalogueFormValues, catalogueItemFormSchema } from './catalogue-item-schema';

/** Create (item null) or edit a catalogue item; back to the catalogue when saved. */
export function CatalogueItemForm({ item }: { item: AdminCatalogueItem | null }) {
  const navigate = useNavigate();
  const mutation = useSaveCatalogueItem();
  const schema = useMemo(() => catalogueItemFormSchema(item === null), [item]);
  const app = useAppForm({
    schema,
    defaultValues: catalogueFormValues(item),
    fileField: 'image',
    submit: (input) => mutation.mutateAsync({ id: item?.id ?? null, input }),
    action: { successMessage: item ? 'Changes saved.' : 'Added to the catalogue.' },
    onSuccess: () => navigate(ROUTES.adminIds),
  });

  return (
    <Card className="max-w-3xl">
      <AppForm app={app} className="flex flex-col gap-5">
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            label="Name"
            placeholder="Lotus Exchange"
            maxLength={60}
            {...app.field('name')}
          />
          <TextField
            label="Website"
            placeholder="https://example.com"
            {...INPUT.url}
            {...app.field('website')}
          />
        </div>
        <TextArea
          label="Description"
          rows={3}
          maxLength={2000}
          hint="Optional. One or two sentences customers see under the name."
          {...app.field('description')}
        />
        <TextField
          label="Minimum deposit"
          {...INPUT.amount}
          className="sm:max-w-xs"
          hint="The least a new ID or a deposit into one may be."
          {...app.field('min_deposit')}
        />
        <FormImageField
          name="image"
          label="Logo"
          what="logo"
          hint={
            item
              ? 'Choose a new image to replace the current logo.'
              : 'A square JPEG, PNG or WebP image of at most 5 MB.'
          }
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
        <fieldset className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Demo access</legend>
          <p className="text-sm text-slate-600">
            Optional. Signed-in customers see this login on the Demo ID page. Leave both empty for
            no demo.
          </p>
          <div className="mt-4 grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField label="Demo login" {...INPUT.code} {...app.field('demo_login')} />
            <TextField label="Demo password" {...INPUT.code} {...app.field('demo_password')} />
          </div>
        </fieldset>
        <FormCheckbox name="is_active">Active: customers see it in the catalogue</FormCheckbox>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={app.loading}>
            {item ? 'Save changes' : 'Add to catalogue'}
          </Button>
          <ButtonLink to={ROUTES.adminIds} variant="secondary">
            Cancel
          </ButtonLink>
        </div>
      </AppForm>
    </Card>
  );
}
