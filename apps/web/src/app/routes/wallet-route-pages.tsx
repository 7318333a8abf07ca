import { usePassport } from '../../features/account/api/get-passport';
import { WithdrawPage } from '../../features/wallet/components/withdraw-page';

/** The withdraw page shows the balance the side menu shows: the signed-in user's passport. */
export function WithdrawRoutePage() {
  const { data: user } = usePassport();
  return <WithdrawPage balance={user?.balance} />;
}
