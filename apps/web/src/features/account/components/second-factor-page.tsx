import { ROUTES, SecondFactorCodeBodySchema, type SecondFactorSetup } from '@iddesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { AppForm } from '../../../components/ui/app-form';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { PageHeading } from '../../../components/ui/page-heading';
import { TextField } from '../../../components/ui/text-field';
import { useAppForm } from '../../../lib/use-app-form';
import { useAction } from '../../../lib/use-action';
import { passportQueryKey, usePassport } from '../api/get-passport';
import { disableSecondFactor, enableSecondFactor, setupSecondFactor } from '../api/second-factor';

/**
 * Two-step sign-in (issue 15): required for staff, optional for customers. Enrolment shows a
 * QR code and the key, asks for a code, then shows the ten recovery codes once.
 */
export function SecondFactorPage() {
  const { data: user } = usePassport();
  const [codes, setCodes] = useState<string[] | null>(null);
  const required = user?.second_factor_enrolment_required ?? false;

  return (
    <>
      <PageHeading
        title="Two-step sign-in"
        description={
          required
            ? 'Staff accounts sign in with a code from an authenticator app. Set it up to continue to the admin area.'
            : 'After your password, sign in with a 6-digit code from an authenticator app on your phone.'
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
  const { run, loading } = useAction();
  const [data, setData] = useState<SecondFactorSetup | null>(null);

  const start = async () => {
    const result = await run(setupSecondFactor);
    if (result.ok) setData(result.data);
  };

  if (!data) {
    return (
      <Card className="flex max-w-xl flex-col gap-4">
        <p className="text-slate-700">
          You need an authenticator app on your phone, such as Google Authenticator, Microsoft
          Authenticator or 1Password.
        </p>
        <Button type="button" onClick={() => void start()} loading={loading} className="self-start">
          Set up two-step sign-in
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
  const queryClient = useQueryClient();
  const [qr, setQr] = useState<string | null>(null);
  const app = useAppForm({
    schema: SecondFactorCodeBodySchema,
    defaultValues: { code: '' },
    submit: (values) => enableSecondFactor(values),
    onSuccess: async (data) => {
      await queryClient.invalidateQueries({ queryKey: passportQueryKey });
      onEnabled(data.recovery_codes);
    },
  });

  useEffect(() => {
    let live = true;
    void toDataURL(setup.otpauth_url, { margin: 1, width: 224 }).then((url) => {
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [setup.otpauth_url]);

  return (
    <Card className="flex max-w-xl flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-slate-700">
        <li>Scan this QR code with your authenticator app, or type the key in by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-5">
        {qr ? (
          <img
            src={qr}
            alt="QR code for your authenticator app"
            width={224}
            height={224}
            className="rounded-lg border border-slate-200"
          />
        ) : (
          <div className="size-56 rounded-lg bg-slate-100" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">Key</p>
          <div className="flex items-center gap-2">
            <code data-testid="second-factor-key" className="break-all font-mono text-slate-900">
              {setup.secret}
            </code>
            <CopyButton value={setup.secret} what="key" />
          </div>
        </div>
      </div>
      <AppForm app={app} className="flex flex-col gap-4">
        <TextField
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          {...app.field('code')}
        />
        <Button type="submit" loading={app.loading} className="self-start">
          Turn on
        </Button>
      </AppForm>
    </Card>
  );
}

function RecoveryCodesCard({ codes, isStaff }: { codes: string[]; isStaff: boolean }) {
  return (
    <Card className="flex max-w-xl flex-col gap-4">
      <h2 className="text-lg font-semibold text-slate-900">Your recovery codes</h2>
      <p className="text-slate-700">
        Each code signs you in once if you lose your phone. Save them somewhere safe now: they are
        not shown again.
      </p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-slate-900">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-slate-100 px-3 py-2">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <CopyButton value={codes.join('\n')} what="recovery codes" />
        <ButtonLink to={isStaff ? ROUTES.adminDashboard : ROUTES.profile} variant="primary">
          I have saved them
        </ButtonLink>
      </div>
    </Card>
  );
}

function EnabledCard({ isStaff }: { isStaff: boolean }) {
  const queryClient = useQueryClient();
  const app = useAppForm({
    schema: SecondFactorCodeBodySchema,
    defaultValues: { code: '' },
    submit: (values) => disableSecondFactor(values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passportQueryKey }),
  });

  return (
    <Card className="flex max-w-xl flex-col gap-4">
      <p className="font-semibold text-slate-900">Two-step sign-in is on.</p>
      {isStaff ? (
        <p className="text-slate-700">
          Staff accounts keep it on. If you lose your phone, use a recovery code, or ask an owner to
          reset it.
        </p>
      ) : (
        <AppForm app={app} className="flex flex-col gap-4">
          <TextField
            label="Code from the app, or a recovery code"
            autoComplete="one-time-code"
            {...app.field('code')}
          />
          <Button type="submit" variant="danger" loading={app.loading} className="self-start">
            Turn off
          </Button>
        </AppForm>
      )}
    </Card>
  );
}
