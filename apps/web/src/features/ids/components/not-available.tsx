import { ROUTES, type UserId } from '@iddesk/contract';
import { Ban } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListEmpty } from '../../../components/ui/list-states';
import { idsText } from '../i18n';

/** A request page opened for an ID that cannot take that request now. */
export function NotAvailable({ userId, reason }: { userId: UserId; reason: string }) {
  const t = idsText.useT();
  return (
    <Card>
      <ListEmpty
        icon={Ban}
        title={t('unavailable.title')}
        action={
          <ButtonLink to={ROUTES.myId(userId.id)} variant="secondary">
            {t('unavailable.back')}
          </ButtonLink>
        }
      >
        {reason}
      </ListEmpty>
    </Card>
  );
}
