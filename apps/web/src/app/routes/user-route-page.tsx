import { AdminUserPage } from '../../features/account/admin/components/user-page';
import { UserIdsPanel } from '../../features/ids/admin/components/user-ids-panel';

/** A user's staff page: the account and wallet, with their IDs and requests beside them. */
export function AdminUserRoutePage() {
  return <AdminUserPage related={(id) => <UserIdsPanel userId={id} />} />;
}
