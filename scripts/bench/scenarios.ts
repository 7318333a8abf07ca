// What `npm run bench` sends: the poll calls, the catalogue, the reviews page and login, each
// with the headers a browser sends.
import type { RequestShape } from './load';
import { BENCH_PASSWORD, type BenchUser } from './seed';

/** As a browser sends them: compressed answers cost the server what they cost in production. */
const JSON_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br',
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
};

/** The calls measured, each taking the next user of the rotation for the n-th request. */
export function scenarios(users: BenchUser[]) {
  const user = (n: number) => users[n % users.length]!;
  const bearer = (u: BenchUser) => ({ ...JSON_HEADERS, authorization: `Bearer ${u.token}` });
  const passport = (n: number): RequestShape => ({
    method: 'POST',
    path: '/api/user/passport',
    headers: bearer(user(n)),
    body: '{}',
  });
  return {
    passport,
    list: [
      { key: 'passport', name: 'POST /api/user/passport', poll: true, request: passport },
      {
        key: 'top',
        name: 'POST /api/notifications/top',
        poll: true,
        request: (n: number): RequestShape => ({
          method: 'POST',
          path: '/api/notifications/top',
          headers: bearer(user(n)),
          body: JSON.stringify({ id: user(n).recentNotificationId }),
        }),
      },
      {
        key: 'ids',
        name: 'GET /api/ids (signed in)',
        poll: false,
        request: (n: number): RequestShape => ({
          method: 'GET',
          path: '/api/ids',
          headers: bearer(user(n)),
        }),
      },
      {
        key: 'reviews',
        name: 'GET /api/reviews',
        poll: false,
        request: (): RequestShape => ({
          method: 'GET',
          path: '/api/reviews',
          headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
        }),
      },
      {
        key: 'login',
        name: 'POST /api/auth/login',
        poll: false,
        request: (n: number): RequestShape => ({
          method: 'POST',
          path: '/api/auth/login',
          headers: JSON_HEADERS,
          body: JSON.stringify({ login: user(n).email, password: BENCH_PASSWORD }),
        }),
      },
    ],
  };
}
