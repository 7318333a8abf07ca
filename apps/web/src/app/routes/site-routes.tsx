import { ERROR_ROUTES, ROUTES } from '@iddesk/contract';
import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import {
  NotFoundPage,
  ProjectNotFoundPage,
  ServerErrorPage,
  UserNotFoundPage,
} from '../../features/errors/components/error-pages';
import { requireAuth, requireGuest } from '../guards';
import type { RouteHandle } from '../route-handle';

const path = (p: string) => p.replace(/^\//, '');

/**
 * Every page is its own lazily loaded chunk: a first load downloads the shell and the one
 * page it shows, never the forms and libraries of the others (issue 8 budget). The error
 * pages are the exception: the route error boundary needs them anyway.
 */
function page<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return async () => ({ Component: (await load())[name] });
}
const handle = (h: RouteHandle) => h;

/** Customer-facing routes of SPEC.md §2 (children of the root route). */
export const siteRoutes: RouteObject[] = [
  { index: true, loader: () => redirect(ROUTES.createIdList) },

  // Auth layout: a token already present sends the user home.
  {
    loader: requireGuest,
    handle: handle({ layout: 'auth', dark: true }),
    children: [
      {
        path: path(ROUTES.login),
        lazy: page(() => import('../../features/auth/components/login-page'), 'LoginPage'),
        handle: handle({ title: 'Log in' }),
      },
      {
        path: path(ROUTES.register),
        lazy: page(() => import('../../features/auth/components/register-page'), 'RegisterPage'),
        handle: handle({ title: 'Register' }),
      },
    ],
  },

  // Public pages, short header.
  {
    handle: handle({ layout: 'public' }),
    children: [
      {
        path: path(ROUTES.media),
        lazy: page(() => import('../../features/media/components/media-page'), 'MediaPage'),
        handle: handle({ title: 'Media' }),
      },
      {
        path: path(ROUTES.reviews),
        lazy: page(() => import('../../features/reviews/components/reviews-page'), 'ReviewsPage'),
        handle: handle({ title: 'Reviews' }),
      },
      {
        path: path(ROUTES.contacts),
        lazy: page(() => import('../../features/site/components/contacts-page'), 'ContactsPage'),
        handle: handle({ title: 'Contacts' }),
      },
      {
        path: path(ROUTES.policy),
        lazy: page(() => import('../../features/site/components/policy-page'), 'PolicyPage'),
        handle: handle({ title: 'Terms' }),
      },
      {
        path: 'reset_password/:id',
        lazy: page(
          () => import('../../features/auth/components/reset-password-page'),
          'ResetPasswordPage',
        ),
        handle: handle({ title: 'Reset password' }),
      },
      {
        path: path(ROUTES.forgotPassword),
        lazy: page(
          () => import('../../features/auth/components/forgot-password-page'),
          'ForgotPasswordPage',
        ),
        handle: handle({ title: 'Forgot password' }),
      },
      {
        path: path(ERROR_ROUTES.userNotFound),
        Component: UserNotFoundPage,
        handle: handle({ title: 'User not found' }),
      },
      {
        path: path(ERROR_ROUTES.serverError),
        Component: ServerErrorPage,
        handle: handle({ title: 'Server error' }),
      },
      {
        path: path(ERROR_ROUTES.projectNotFound),
        Component: ProjectNotFoundPage,
        handle: handle({ title: 'Project not found' }),
      },
      {
        path: path(ERROR_ROUTES.pageNotFound),
        Component: NotFoundPage,
        handle: handle({ title: 'Page not found' }),
      },
      {
        path: '*',
        Component: NotFoundPage,
        handle: handle({ title: 'Page not found' }),
      },
    ],
  },

  // Logged-in only: no token leads to login.
  {
    loader: requireAuth,
    handle: handle({ layout: 'public' }),
    children: [
      {
        path: path(ROUTES.profile),
        lazy: page(() => import('../../features/account/components/profile-page'), 'ProfilePage'),
        handle: handle({ title: 'Profile' }),
      },
      {
        path: path(ROUTES.changePassword),
        lazy: page(
          () => import('../../features/account/components/change-password-page'),
          'ChangePasswordPage',
        ),
        handle: handle({ title: 'Change password' }),
      },
      {
        path: path(ROUTES.secondFactor),
        lazy: page(
          () => import('../../features/account/components/second-factor-page'),
          'SecondFactorPage',
        ),
        handle: handle({ title: 'Two-step sign-in' }),
      },
      {
        path: path(ROUTES.addReview),
        lazy: page(
          () => import('../../features/reviews/components/add-review-page'),
          'AddReviewPage',
        ),
        handle: handle({ title: 'Write a review' }),
      },
      {
        path: path(ROUTES.addFunds),
        lazy: page(() => import('../../features/wallet/components/add-funds-page'), 'AddFundsPage'),
        handle: handle({ title: 'Add funds' }),
      },
      {
        path: path(ROUTES.withdraw),
        lazy: page(() => import('./wallet-route-pages'), 'WithdrawRoutePage'),
        handle: handle({ title: 'Withdraw' }),
      },
      {
        path: path(ROUTES.transactions),
        lazy: page(
          () => import('../../features/wallet/components/transactions-page'),
          'TransactionsPage',
        ),
        handle: handle({ title: 'Transactions' }),
      },
      {
        path: path(ROUTES.notifications),
        lazy: page(
          () => import('../../features/notifications/components/notifications-page'),
          'NotificationsPage',
        ),
        handle: handle({ title: 'Notifications' }),
      },
    ],
  },

  // IDs, full header with the tab row.
  {
    handle: handle({ layout: 'default' }),
    children: [
      { path: path(ROUTES.ids), loader: () => redirect(ROUTES.createIdList) },
      {
        path: path(ROUTES.createIdList),
        lazy: page(
          () => import('../../features/ids/components/create-id-list-page'),
          'CreateIdListPage',
        ),
        handle: handle({ title: 'Create ID' }),
      },
      {
        path: path(ROUTES.demoIds),
        lazy: page(() => import('../../features/ids/components/demo-ids-page'), 'DemoIdsPage'),
        handle: handle({ title: 'Demo ID' }),
      },
      {
        path: path(ROUTES.myIds),
        lazy: page(() => import('../../features/ids/components/my-ids-page'), 'MyIdsPage'),
        handle: handle({ title: 'My IDs' }),
      },
      {
        loader: requireAuth,
        children: [
          {
            path: 'create_id/:id',
            lazy: page(() => import('./id-route-pages'), 'CreateIdRoutePage'),
            handle: handle({ title: 'Request an ID' }),
          },
          {
            path: 'my_ids/:id',
            lazy: page(() => import('../../features/ids/components/my-id-page'), 'MyIdPage'),
            handle: handle({ title: 'ID details' }),
          },
          {
            path: 'my_ids/:id/deposit',
            lazy: page(() => import('./id-route-pages'), 'MyIdDepositRoutePage'),
            handle: handle({ title: 'Deposit' }),
          },
          {
            path: 'my_ids/:id/withdraw',
            lazy: page(
              () => import('../../features/ids/components/my-id-withdraw-page'),
              'MyIdWithdrawPage',
            ),
            handle: handle({ title: 'Withdraw from ID' }),
          },
          {
            path: 'my_ids/:id/close',
            lazy: page(
              () => import('../../features/ids/components/my-id-close-page'),
              'MyIdClosePage',
            ),
            handle: handle({ title: 'Close ID' }),
          },
        ],
      },
    ],
  },
];
