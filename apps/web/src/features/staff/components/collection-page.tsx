import type { LucideIcon } from 'lucide-react';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListEmpty, QueryStates, type StatesQuery } from '../../../components/ui/list-states';
import { AdminFrame } from './admin-frame';

type CollectionPageProps<T> = {
  title: string;
  description: string;
  /** The page that adds one, and its words ("Add ID"). */
  addTo: string;
  addLabel: string;
  query: StatesQuery<T[]>;
  loadingLabel: string;
  rows: number;
  empty: { icon: LucideIcon; title: string; hint: string };
  children: (items: T[]) => ReactNode;
};

/**
 * A list staff keep by hand (the ID catalogue, the payment types): the heading with its Add
 * button, then the list in a card with its loading, error and empty states; the empty state
 * offers Add again.
 */
export function CollectionPage<T>({
  title,
  description,
  addTo,
  addLabel,
  query,
  loadingLabel,
  rows,
  empty,
  children,
}: CollectionPageProps<T>) {
  return (
    <AdminFrame
      title={title}
      description={description}
      actions={
        <ButtonLink to={addTo} variant="inverse">
          <Plus className="size-4" aria-hidden="true" />
          {addLabel}
        </ButtonLink>
      }
    >
      <Card>
        <QueryStates
          query={query}
          loadingLabel={loadingLabel}
          rows={rows}
          isEmpty={(items) => items.length === 0}
          empty={
            <ListEmpty
              icon={empty.icon}
              title={empty.title}
              action={<ButtonLink to={addTo}>{addLabel}</ButtonLink>}
            >
              {empty.hint}
            </ListEmpty>
          }
        >
          {children}
        </QueryStates>
      </Card>
    </AdminFrame>
  );
}
