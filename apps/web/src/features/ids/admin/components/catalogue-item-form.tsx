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
import { useLocale } from '../../../../lib/i18n';
import { idsStaff } from '../i18n';

/** An example, not text: the same in every language. */
const WEBSITE_EXAMPLE = 'https://example.com';

/** Create (item null) or edit a catalogue item; back to the catalogue when saved. */
export function CatalogueItemForm({ item }: { item: AdminCatalogueItem | null }) {
  const t = idsStaff.useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const mutation = useSaveCatalogueItem();
  // Built again in another language: the logo's "required" message is written into it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `locale` rebuilds it on purpose
  const schema = useMemo(() => catalogueItemFormSchema(item === null), [item, locale]);
  const app = useAppForm({
    schema,
    defaultValues: catalogueFormValues(item),
    fileField: 'image',
    submit: (input) => mutation.mutateAsync({ id: item?.id ?? null, input }),
    action: { successMessage: t(item ? 'item.saved' : 'item.added') },
    onSuccess: () => navigate(ROUTES.adminIds),
  });

  return (
    <Card className="max-w-3xl">
      <AppForm app={app} className="flex flex-col gap-5">
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            label={t('item.name')}
            placeholder={t('item.namePlaceholder')}
            maxLength={60}
            {...app.field('name')}
          />
          <TextField
            label={t('item.website')}
            placeholder={WEBSITE_EXAMPLE}
            {...INPUT.url}
            {...app.field('website')}
          />
        </div>
        <TextArea
          label={t('item.description')}
          rows={3}
          maxLength={2000}
          hint={t('item.descriptionHint')}
          {...app.field('description')}
        />
        <TextField
          label={t('catalogue.minimumDeposit')}
          {...INPUT.amount}
          className="sm:max-w-xs"
          hint={t('item.minDepositHint')}
          {...app.field('min_deposit')}
        />
        <FormImageField
          name="image"
          label={t('item.logo')}
          what={t('item.logoWhat')}
          hint={t(item ? 'item.logoReplace' : 'item.logoHint')}
          current={
            item ? (
              <img
                src={item.logo_url}
                alt={t('item.logoCurrent', { name: item.name })}
                className="h-40 w-full rounded-lg bg-white object-contain p-2 ring-1 ring-slate-200 sm:size-24"
              />
            ) : null
          }
        />
        <fieldset className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t('item.demo')}</legend>
          <p className="text-sm text-slate-600">{t('item.demoHint')}</p>
          <div className="mt-4 grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField
              label={t('catalogue.demoLogin')}
              {...INPUT.code}
              {...app.field('demo_login')}
            />
            <TextField
              label={t('item.demoPassword')}
              {...INPUT.code}
              {...app.field('demo_password')}
            />
          </div>
        </fieldset>
        <FormCheckbox name="is_active">{t('item.active')}</FormCheckbox>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={app.loading}>
            {t(item ? 'item.save' : 'item.create')}
          </Button>
          <ButtonLink to={ROUTES.adminIds} variant="secondary">
            {t('item.cancel')}
          </ButtonLink>
        </div>
      </AppForm>
    </Card>
  );
}
