import { type Settings, TERMS_MAX_LENGTH } from '@iddesk/contract';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { AppForm, SaveButtons } from '../../../../components/ui/app-form';
import { Card } from '../../../../components/ui/card';
import { TextArea } from '../../../../components/ui/text-area';
import { INPUT, TextField } from '../../../../components/ui/text-field';
import { useAppForm } from '../../../../lib/use-app-form';
import { useUpdateSettings } from '../api/update-settings';
import { AdminSettingsFormSchema } from './admin-settings-schema';
import { MoneyLimitsSection, MONEY_LIMIT_FIELDS } from './money-limits-section';
import { groupIndian } from '../../../../lib/money';
import { contentStaff } from '../../../staff';

/** Examples and brand names, the same in every language. */
const TELEGRAM_EXAMPLE = 'iddesk_support';
const SOCIAL = [
  { name: 'instagram', label: 'Instagram' },
  { name: 'facebook', label: 'Facebook' },
  { name: 'youtube', label: 'YouTube' },
  { name: 'x', label: 'X' },
] as const;

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

/** Every site setting in one form; "" clears a field and hides what depends on it. */
export function AdminSettingsForm({ settings }: { settings: Settings }) {
  const t = contentStaff.useT();
  const mutation = useUpdateSettings();
  const app = useAppForm({
    schema: AdminSettingsFormSchema,
    defaultValues: settings,
    // The limits' 422s name nested fields ("money_limits.add_funds.max").
    fields: [...(Object.keys(settings) as (keyof Settings)[]).filter((k) => k !== 'money_limits'), ...MONEY_LIMIT_FIELDS],
    submit: (values) => mutation.mutateAsync(values),
    onSuccess: (data, _values, form) => form.reset(data),
  });
  const terms = useWatch({ control: app.form.control, name: 'terms_text' }) ?? '';
  const { field } = app;

  return (
    <AppForm app={app} className="flex flex-col gap-6">
      <Section title={t('settings.site')} description={t('settings.siteHint')}>
        <TextField label={t('settings.siteName')} {...field('site_name')} />
      </Section>
      <Section title={t('settings.contacts')} description={t('settings.contactsHint')}>
        <TextField
          label={t('settings.phone')}
          type="tel"
          inputMode="tel"
          placeholder="+91 98765 43210"
          hint={t('settings.phoneHint')}
          {...field('contact_phone')}
        />
        <TextField
          label={t('settings.whatsapp')}
          type="tel"
          inputMode="tel"
          placeholder="919876543210"
          hint={t('settings.whatsappHint')}
          {...field('whatsapp')}
        />
        <TextField
          label={t('settings.telegram')}
          autoCapitalize="none"
          spellCheck={false}
          placeholder={TELEGRAM_EXAMPLE}
          hint={t('settings.telegramHint')}
          {...field('telegram')}
        />
        <TextField
          label={t('settings.email')}
          type="email"
          autoCapitalize="none"
          spellCheck={false}
          {...field('email')}
        />
      </Section>
      <Section title={t('settings.follow')} description={t('settings.followHint')}>
        {SOCIAL.map(({ name, label }) => (
          <TextField key={name} label={label} {...INPUT.url} {...field(name)} />
        ))}
      </Section>
      <MoneyLimitsSection field={field} />
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{t('settings.terms')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('settings.termsHint')}</p>
        <TextArea
          label={t('settings.termsText')}
          className="mt-5"
          rows={12}
          hint={t('settings.termsCount', {
            count: groupIndian(String(terms.length)),
            max: groupIndian(String(TERMS_MAX_LENGTH)),
          })}
          {...field('terms_text')}
        />
      </Card>
      <SaveButtons
        label={t('settings.save')}
        discardLabel={t('form.discardChanges')}
        loading={app.loading}
        inverse
        className="sticky bottom-0 -mx-4 flex flex-wrap gap-3 border-t border-white/10 bg-ink-950/95 px-4 py-4 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:px-6"
      />
    </AppForm>
  );
}
