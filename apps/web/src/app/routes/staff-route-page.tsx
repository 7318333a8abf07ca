import { usePassport } from '../../features/account/api/get-passport';
import { AdminStaffPage } from '../../features/account/admin/components/staff-page';

/** The staff page marks the owner's own row: the signed-in user's passport. */
export function AdminStaffRoutePage() {
  const { data: user } = usePassport();
  return <AdminStaffPage selfId={user?.id} />;
}
