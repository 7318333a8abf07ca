import { usePassport } from '../../features/account/api/get-passport';
import { CreateIdPage } from '../../features/ids/components/create-id-page';
import { MyIdDepositPage } from '../../features/ids/components/my-id-deposit-page';

/** The ID payment pages show the balance the side menu shows: the signed-in user's passport. */
export function CreateIdRoutePage() {
  const { data: user } = usePassport();
  return <CreateIdPage balance={user?.balance} />;
}

export function MyIdDepositRoutePage() {
  const { data: user } = usePassport();
  return <MyIdDepositPage balance={user?.balance} />;
}
