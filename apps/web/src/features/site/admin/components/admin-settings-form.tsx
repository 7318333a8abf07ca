import { zodResolver } from '@hookform/resolvers/zod';
import {
  type SiteSettings,
  type SiteSettingsBody,
  SiteSettingsBodySchema,
  SITE_SETTING_KEYS,
  TERMS_MAX_LENGTH,
} from '@iddesk/contract';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { TextArea } from '../../../../components/ui/text-area';
import { TextField } from '../../../../components/ui/text-field';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { useAction } from '../../../../lib/use-action';
import { useUpdateSettings } from '../api/update-settings';

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
export function AdminSettingsForm({ settings }: { settings: SiteSettings }) {
  const mutation = useUpdateSettings();
  const { run, loading } = useAction();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<SiteSettingsBody>({
    resolver: zodResolver(SiteSettingsBodySchema),
    defaultValues: settings,
  });
  const terms = useWatch({ control, name: 'terms_text' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    const result = await run(() => mutation.mutateAsync(values));
    if (result.ok) reset(result.data);
    else applyFieldErrors(result.error, setError, SITE_SETTING_KEYS);
  });

  const url = { type: 'url', inputMode: 'url', autoCapitalize: 'none', spellCheck: false } as const;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <Section title="Site" description="The name in the page title and the footer.">
        <TextField label="Site name" error={errors.site_name?.message} {...register('site_name')} />
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
          error={errors.contact_phone?.message}
          {...register('contact_phone')}
        />
        <TextField
          label="WhatsApp number"
          type="tel"
          inputMode="tel"
          placeholder="919876543210"
          hint="With the country code; saved as digits for wa.me links."
          error={errors.whatsapp?.message}
          {...register('whatsapp')}
        />
        <TextField
          label="Telegram username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="iddesk_support"
          hint="A username or a t.me link."
          error={errors.telegram?.message}
          {...register('telegram')}
        />
        <TextField
          label="Support email"
          type="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
      </Section>
      <Section
        title="Follow us"
        description="Full https:// links to your profiles, shown in the Follow Us block. Leave one empty to hide it."
      >
        <TextField
          label="Instagram"
          {...url}
          error={errors.instagram?.message}
          {...register('instagram')}
        />
        <TextField
          label="Facebook"
          {...url}
          error={errors.facebook?.message}
          {...register('facebook')}
        />
        <TextField
          label="YouTube"
          {...url}
          error={errors.youtube?.message}
          {...register('youtube')}
        />
        <TextField label="X" {...url} error={errors.x?.message} {...register('x')} />
      </Section>
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
          error={errors.terms_text?.message}
          hint={`${terms.length.toLocaleString('en-IN')} / ${TERMS_MAX_LENGTH.toLocaleString('en-IN')} characters`}
          {...register('terms_text')}
        />
      </Card>
      <div className="sticky bottom-0 -mx-4 flex flex-wrap gap-3 border-t border-white/10 bg-ink-950/95 px-4 py-4 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:px-6">
        <Button type="submit" variant="inverse" loading={loading}>
          Save settings
        </Button>
        {isDirty ? (
          <Button variant="light" onClick={() => reset(settings)} disabled={loading}>
            Discard changes
          </Button>
        ) : null}
      </div>
    </form>
  );
}
