import { SearchX } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListEmpty } from '../../../components/ui/list-states';

/** A detail page whose item does not exist (or whose id is not a number). */
export function NotFoundCard({
  what,
  back,
  backLabel,
}: {
  what: string;
  back: string;
  backLabel: string;
}) {
  return (
    <Card>
      <ListEmpty
        icon={SearchX}
        title={`This ${what} does not exist`}
        action={
          <ButtonLink to={back} variant="secondary">
            {backLabel}
          </ButtonLink>
        }
      >
        It may have been removed, or the link is wrong.
      </ListEmpty>
    </Card>
  );
}
