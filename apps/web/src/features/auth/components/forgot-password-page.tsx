import { ROUTES } from '@iddesk/contract';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppForm } from '../../../components/ui/app-form';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { INPUT, TextField } from '../../../components/ui/text-field';
import { useSiteSettings } from '../../site';
import { useAppForm } from '../../../lib/use-app-form';
import { requestPasswordReset } from '../api/request-password-reset';
import { auth } from '../i18n';
import { forgotPasswordSchema } from '../schema-loaders';
import { IconBadge } from '../../../components/ui/icon-badge';

/** /forgot_password (docs/product.md#accounts): an email address in, a reset link out (if it has an account). */
export function ForgotPasswordPage() {
  const t = auth.useT();
  const { contact_phone: phone } = useSiteSettings();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const app = useAppForm({
    schema: forgotPasswordSchema,
    defaultValues: { email: '' },
    submit: requestPasswordReset,
    // The answer shows on the page, so no toast repeats it.
    action: { successNotify: false },
    onSuccess: (_data, values, _form, message) =>
      setSentTo({ email: values.email, message: message ?? t('forgot.sent') }),
  });

  const help = phone ? t('forgot.helpPhone', { phone }) : t('forgot.helpDesk');

  return (
    <>
      <PageHeading title={t('forgot.title')} description={t('forgot.description')} />
      <Card className="max-w-xl">
        {sentTo ? (
          <div role="status" className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <IconBadge icon={MailCheck} tone="success" />
            <div className="min-w-0 flex-1">
              <h2 className="text-lg font-semibold text-slate-900">{t('forgot.checkEmail')}</h2>
              <p className="mt-1 text-slate-700">{sentTo.message}</p>
              <p className="mt-2 text-sm text-slate-600">
                {t('forgot.sentTo')}{' '}
                <span className="break-all font-medium text-slate-800">{sentTo.email}</span>{' '}
                {t('forgot.spam')}
              </p>
              <div className="mt-4 flex flex-wrap gap-3">
                <ButtonLink to={ROUTES.login}>{t('forgot.backToLogin')}</ButtonLink>
                <Button
                  variant="secondary"
                  onClick={() => {
                    app.form.reset({ email: sentTo.email });
                    setSentTo(null);
                  }}
                >
                  {t('forgot.sendAgain')}
                </Button>
              </div>
            </div>
          </div>
        ) : (
          <AppForm app={app} className="flex flex-col gap-5">
            <TextField label={t('forgot.email')} {...INPUT.email} {...app.field('email')} />
            <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
              <Button type="submit" loading={app.loading}>
                {t('forgot.submit')}
              </Button>
              <Link
                to={ROUTES.login}
                className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                {t('forgot.backToLogin')}
              </Link>
            </div>
          </AppForm>
        )}
      </Card>
      <p className="mt-4 max-w-xl text-sm text-slate-600">{help}</p>
    </>
  );
}
