import { ROUTES } from '@iddesk/contract';
import { KeyRound } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { InfoPanel } from '../../../components/ui/info-panel';
import { PageHeading } from '../../../components/ui/page-heading';
import { useSiteSettings } from '../../../lib/site-settings';

export function ForgotPasswordPage() {
  const { contact_phone: phone } = useSiteSettings();
  return (
    <>
      <PageHeading
        title="Forgot password"
        description="We will email you a link to choose a new password."
      />
      <InfoPanel
        icon={KeyRound}
        title="Reset by email"
        actions={
          <ButtonLink to={ROUTES.login} variant="secondary">
            Back to log in
          </ButtonLink>
        }
      >
        Enter the email address of your account and follow the link we send. If you no longer use
        that address, {phone ? `call us on ${phone}` : 'contact our support desk'}.
      </InfoPanel>
    </>
  );
}
