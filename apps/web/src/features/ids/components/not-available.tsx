import { ROUTES, type UserId } from '@iddesk/contract';
import { Ban } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListEmpty } from '../../../components/ui/list-states';

/** A request page opened for an ID that cannot take that request now. */
export function NotAvailable({ userId, reason }: { userId: UserId; reason: string }) {
  return (
    <Card>
      <ListEmpty
        icon={Ban}
        title="This request is not possible right now"
        action={
          <ButtonLink to={ROUTES.myId(userId.id)} variant="secondary">
            Back to the ID
          </ButtonLink>
        }
      >
        {reason}
      </ListEmpty>
    </Card>
  );
}
