import { ROUTES } from '@iddesk/contract';
import { ShieldCheck } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { InfoPanel } from '../../../components/ui/info-panel';
import { PageHeading } from '../../../components/ui/page-heading';

export function ResetPasswordPage() {
  return (
    <>
      <PageHeading title="Choose a new password" description="Your reset link brought you here." />
      <InfoPanel
        icon={ShieldCheck}
        title="Set a new password"
        actions={
          <ButtonLink to={ROUTES.forgotPassword} variant="secondary">
            Request a new link
          </ButtonLink>
        }
      >
        Reset links work once and expire after a while. If this one has expired, request a new one.
      </InfoPanel>
    </>
  );
}
