import { isLocale, type Passport } from '@iddesk/contract';
import { runAction, type ActionOptions } from '../lib/action';
import { chooseLocale, currentLocale } from '../lib/i18n';
import { getPassport, passportQueryKey } from '../features/account/api/get-passport';
import { getMarque, marqueQueryKey } from '../features/marquee/api/get-marque';
import { queryClient } from './query-client';

let followedUser: number | null = null;

/**
 * The account's language wins once signed in (issue 18): on the first passport of a user in
 * this page the site switches to it, so a choice made on another browser follows the account.
 * Later passports (the poll) do not, so a switch made here is never undone by a poll in flight.
 */
function followAccountLocale(user: Passport) {
  if (followedUser === user.id) return;
  followedUser = user.id;
  if (isLocale(user.locale) && user.locale !== currentLocale()) void chooseLocale(user.locale);
}

/** Reloads the signed-in user's info into the ['user','passport'] query. */
export function reloadUserInfo(options: ActionOptions = {}) {
  return runAction(
    async () => {
      const response = await getPassport();
      queryClient.setQueryData(passportQueryKey, response.data);
      followAccountLocale(response.data);
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
