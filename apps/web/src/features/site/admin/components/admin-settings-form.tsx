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
      <Section title="Site" description="The name in the page title and the footer.">
        <TextField label="Site name" {...field('site_name')} />
      </Section>
      <Section
        title="Contacts"
        description="Shown on the Contacts page; the phone also in the desktop header, WhatsApp behind every Chat button."
      >
        <TextField
          label="Contact phone"
          type="tel"
          inputMode="tel"
          placeholder="+91 98765 43210"
          hint="Shown as typed."
          {...field('contact_phone')}
        />
        <TextField
          label="WhatsApp number"
          type="tel"
          inputMode="tel"
          placeholder="919876543210"
          hint="With the country code; saved as digits for wa.me links."
          {...field('whatsapp')}
        />
        <TextField
          label="Telegram username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="iddesk_support"
          hint="A username or a t.me link."
          {...field('telegram')}
        />
        <TextField
          label="Support email"
          type="email"
          autoCapitalize="none"
          spellCheck={false}
          {...field('email')}
        />
      </Section>
      <Section
        title="Follow us"
        description="Full https:// links to your profiles, shown in the Follow Us block. Leave one empty to hide it."
      >
        <TextField label="Instagram" {...INPUT.url} {...field('instagram')} />
        <TextField label="Facebook" {...INPUT.url} {...field('facebook')} />
        <TextField label="YouTube" {...INPUT.url} {...field('youtube')} />
        <TextField label="X" {...INPUT.url} {...field('x')} />
      </Section>
      <MoneyLimitsSection field={field} />
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Terms</h2>
        <p className="mt-1 text-sm text-slate-600">
          Plain text for the Terms page. Leave a blank line between paragraphs; markup is shown as
          typed, never run.
        </p>
        <TextArea
          label="Terms text"
          className="mt-5"
          rows={12}
          hint={`${terms.length.toLocaleString('en-IN')} / ${TERMS_MAX_LENGTH.toLocaleString('en-IN')} characters`}
          {...field('terms_text')}
        />
      </Card>
      <SaveButtons
        label="Save settings"
        discardLabel="Discard changes"
        loading={app.loading}
        inverse
        className="sticky bottom-0 -mx-4 flex flex-wrap gap-3 border-t border-white/10 bg-ink-950/95 px-4 py-4 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:px-6"
      />
    </AppForm>
  );
}
