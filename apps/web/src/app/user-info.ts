import { runAction, type ActionOptions } from '../lib/action';
import { getPassport, passportQueryKey } from '../features/account/api/get-passport';
import { getMarque, marqueQueryKey } from '../features/marquee/api/get-marque';
import { queryClient } from './query-client';

/** Reloads the signed-in user's info into the ['user','passport'] query. */
export function reloadUserInfo(options: ActionOptions = {}) {
  return runAction(
    async () => {
      const response = await getPassport();
      queryClient.setQueryData(passportQueryKey, response.data);
      return response;
    },
    { successNotify: false, ...options },
  );
}

export function loadMarque() {
  return runAction(
    async () => {
      const response = await getMarque();
      queryClient.setQueryData(marqueQueryKey, response.data);
      return response;
    },
    { successNotify: false },
  );
}
