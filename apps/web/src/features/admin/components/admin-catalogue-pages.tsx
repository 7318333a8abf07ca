import { ROUTES } from '@iddesk/contract';
import { LayoutGrid, PencilLine, PlusSquare } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { AdminPage } from './admin-page';

export function AdminIdsPage() {
  return (
    <AdminPage
      title="IDs"
      description="The catalogue customers request IDs from."
      icon={LayoutGrid}
      panelTitle="Catalogue items"
      actions={
        <ButtonLink to={ROUTES.adminIdCreate} variant="inverse">
          Add ID
        </ButtonLink>
      }
    >
      Each item has a name, website, logo, minimum deposit and optional demo login. Inactive items
      stay hidden from customers.
    </AdminPage>
  );
}

export function AdminIdCreatePage() {
  return (
    <AdminPage
      title="Add ID"
      description="A new item for the catalogue."
      icon={PlusSquare}
      panelTitle="Item details"
    >
      Name, website, description, minimum deposit, active flag, demo login and password, and a logo
      image.
    </AdminPage>
  );
}

export function AdminIdEditPage() {
  const { id = '' } = useParams();
  return (
    <AdminPage
      title={`Edit ID #${id}`}
      description="Change a catalogue item."
      icon={PencilLine}
      panelTitle="Item details"
    >
      Changes show to customers at once. Deactivate an item instead of deleting it when customers
      still hold IDs on it.
    </AdminPage>
  );
}
