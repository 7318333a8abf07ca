import { ROUTES, SecondFactorCodeBodySchema, type SecondFactorSetup } from '@iddesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppForm } from '../../../components/ui/app-form';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { QrCode } from '../../../components/ui/qr-code';
import { PageHeading } from '../../../components/ui/page-heading';
import { TextField } from '../../../components/ui/text-field';
import { useAppForm } from '../../../lib/use-app-form';
import { useAction } from '../../../lib/use-action';
import { passportQueryKey, usePassport } from '../api/get-passport';
import { disableSecondFactor, enableSecondFactor, setupSecondFactor } from '../api/second-factor';
import { account } from '../i18n';

/**
 * Two-step sign-in (issue 15): required for staff, optional for customers. Enrolment shows a
 * QR code and the key, asks for a code, then shows the ten recovery codes once.
 */
export function SecondFactorPage() {
  const t = account.useT();
  const { data: user } = usePassport();
  const [codes, setCodes] = useState<string[] | null>(null);
  const required = user?.second_factor_enrolment_required ?? false;

  return (
    <>
      <PageHeading
        title={t('twoStep.title')}
        description={
          required ? t('twoStep.staffDescription') : t('twoStep.description')
        }
      />
      {codes ? (
        <RecoveryCodesCard codes={codes} isStaff={user?.type === 'admin'} />
      ) : user?.second_factor ? (
        <EnabledCard isStaff={user.type === 'admin'} />
      ) : user ? (
        <EnrolCard onEnabled={setCodes} />
      ) : null}
    </>
  );
}

function EnrolCard({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const t = account.useT();
  const { run, loading } = useAction();
  const [data, setData] = useState<SecondFactorSetup | null>(null);

  const start = async () => {
    const result = await run(setupSecondFactor);
    if (result.ok) setData(result.data);
  };

  if (!data) {
    return (
      <Card className="flex max-w-xl flex-col gap-4">
        <p className="text-slate-700">{t('twoStep.needApp')}</p>
        <Button type="button" onClick={() => void start()} loading={loading} className="self-start">
          {t('twoStep.setUp')}
        </Button>
      </Card>
    );
  }
  return <ConfirmCard setup={data} onEnabled={onEnabled} />;
}

function ConfirmCard({
  setup,
  onEnabled,
}: {
  setup: SecondFactorSetup;
  onEnabled: (codes: string[]) => void;
}) {
  const t = account.useT();
  const queryClient = useQueryClient();
  const app = useAppForm({
    schema: SecondFactorCodeBodySchema,
    defaultValues: { code: '' },
    submit: (values) => enableSecondFactor(values),
    onSuccess: async (data) => {
      await queryClient.invalidateQueries({ queryKey: passportQueryKey });
      onEnabled(data.recovery_codes);
    },
  });

  return (
    <Card className="flex max-w-xl flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-slate-700">
        <li>{t('twoStep.scan')}</li>
        <li>{t('twoStep.enterCode')}</li>
      </ol>
      <div className="flex flex-wrap items-center gap-5">
        <QrCode
          text={setup.otpauth_url}
          label={t('twoStep.qrAlt')}
          size={224}
          className="border border-slate-200"
        />
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{t('twoStep.key')}</p>
          <div className="flex items-center gap-2">
            <code data-testid="second-factor-key" className="break-all font-mono text-slate-900">
              {setup.secret}
            </code>
            <CopyButton value={setup.secret} what={t('twoStep.keyWhat')} />
          </div>
        </div>
      </div>
      <AppForm app={app} className="flex flex-col gap-4">
        <TextField
          label={t('twoStep.codeLabel')}
          autoComplete="one-time-code"
          inputMode="numeric"
          {...app.field('code')}
        />
        <Button type="submit" loading={app.loading} className="self-start">
          {t('twoStep.turnOn')}
        </Button>
      </AppForm>
    </Card>
  );
}

function RecoveryCodesCard({ codes, isStaff }: { codes: string[]; isStaff: boolean }) {
  const t = account.useT();
  return (
    <Card className="flex max-w-xl flex-col gap-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('twoStep.codesTitle')}</h2>
      <p className="text-slate-700">{t('twoStep.codesHint')}</p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-slate-900">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-slate-100 px-3 py-2">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <CopyButton value={codes.join('\n')} what={t('twoStep.codesWhat')} />
        <ButtonLink to={isStaff ? ROUTES.adminDashboard : ROUTES.profile} variant="primary">
          {t('twoStep.saved')}
        </ButtonLink>
      </div>
    </Card>
  );
}

function EnabledCard({ isStaff }: { isStaff: boolean }) {
  const t = account.useT();
  const queryClient = useQueryClient();
  const app = useAppForm({
    schema: SecondFactorCodeBodySchema,
    defaultValues: { code: '' },
    submit: (values) => disableSecondFactor(values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passportQueryKey }),
  });

  return (
    <Card className="flex max-w-xl flex-col gap-4">
      <p className="font-semibold text-slate-900">{t('twoStep.on')}</p>
      {isStaff ? (
        <p className="text-slate-700">{t('twoStep.staffKeep')}</p>
      ) : (
        <AppForm app={app} className="flex flex-col gap-4">
          <TextField
            label={t('twoStep.offLabel')}
            autoComplete="one-time-code"
            {...app.field('code')}
          />
          <Button type="submit" variant="danger" loading={app.loading} className="self-start">
            {t('twoStep.turnOff')}
          </Button>
        </AppForm>
      )}
    </Card>
  );
}
