import { ROUTES } from '@iddesk/contract';
import { IdCard } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { SimplePage } from '../../../components/ui/simple-page';

export function MyIdsPage() {
  const { guest } = useSession();
  return (
    <SimplePage
      title="My IDs"
      description="Every ID you hold, with its status, balance actions and request history."
      icon={IdCard}
      panelTitle={guest ? 'Log in to see your IDs' : 'Your IDs'}
      actions={
        guest ? (
          <ButtonLink to={ROUTES.login}>Log in</ButtonLink>
        ) : (
          <ButtonLink to={ROUTES.createIdList}>Request an ID</ButtonLink>
        )
      }
    >
      {guest
        ? 'Your IDs and their requests are private to your account.'
        : 'IDs you request appear here as soon as you send the request, marked pending until our desk approves them.'}
    </SimplePage>
  );
}
