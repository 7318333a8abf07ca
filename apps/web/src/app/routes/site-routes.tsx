import { ERROR_ROUTES, ROUTES } from '@iddesk/contract';
import { redirect, type RouteObject } from 'react-router';
import { ChangePasswordPage } from '../../features/account/components/change-password-page';
import { ProfilePage } from '../../features/account/components/profile-page';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page';
import { LoginPage } from '../../features/auth/components/login-page';
import { RegisterPage } from '../../features/auth/components/register-page';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page';
import {
  NotFoundPage,
  ProjectNotFoundPage,
  ServerErrorPage,
  UserNotFoundPage,
} from '../../features/errors/components/error-pages';
import { CreateIdListPage } from '../../features/ids/components/create-id-list-page';
import { DemoIdsPage } from '../../features/ids/components/demo-ids-page';
import { MyIdClosePage } from '../../features/ids/components/my-id-close-page';
import { MyIdPage } from '../../features/ids/components/my-id-page';
import { MyIdWithdrawPage } from '../../features/ids/components/my-id-withdraw-page';
import { MyIdsPage } from '../../features/ids/components/my-ids-page';
import { MediaPage } from '../../features/media/components/media-page';
import { NotificationsPage } from '../../features/notifications/components/notifications-page';
import { AddReviewPage } from '../../features/reviews/components/add-review-page';
import { ReviewsPage } from '../../features/reviews/components/reviews-page';
import { ContactsPage } from '../../features/site/components/contacts-page';
import { PolicyPage } from '../../features/site/components/policy-page';
import { AddFundsPage } from '../../features/wallet/components/add-funds-page';
import { TransactionsPage } from '../../features/wallet/components/transactions-page';
import { requireAuth, requireGuest } from '../guards';
import type { RouteHandle } from '../route-handle';
import { CreateIdRoutePage, MyIdDepositRoutePage } from './id-route-pages';
import { WithdrawRoutePage } from './wallet-route-pages';

const path = (p: string) => p.replace(/^\//, '');
const handle = (h: RouteHandle) => h;

/** Customer-facing routes of SPEC.md §2 (children of the root route). */
export const siteRoutes: RouteObject[] = [
  { index: true, loader: () => redirect(ROUTES.createIdList) },

  // Auth layout: a token already present sends the user home.
  {
    loader: requireGuest,
    handle: handle({ layout: 'auth', dark: true }),
    children: [
      { path: path(ROUTES.login), Component: LoginPage, handle: handle({ title: 'Log in' }) },
      {
        path: path(ROUTES.register),
        Component: RegisterPage,
        handle: handle({ title: 'Register' }),
      },
    ],
  },

  // Public pages, short header.
  {
    handle: handle({ layout: 'public' }),
    children: [
      { path: path(ROUTES.media), Component: MediaPage, handle: handle({ title: 'Media' }) },
      { path: path(ROUTES.reviews), Component: ReviewsPage, handle: handle({ title: 'Reviews' }) },
      {
        path: path(ROUTES.contacts),
        Component: ContactsPage,
        handle: handle({ title: 'Contacts' }),
      },
      { path: path(ROUTES.policy), Component: PolicyPage, handle: handle({ title: 'Terms' }) },
      {
        path: 'reset_password/:id',
        Component: ResetPasswordPage,
        handle: handle({ title: 'Reset password' }),
      },
      {
        path: path(ROUTES.forgotPassword),
        Component: ForgotPasswordPage,
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
      { path: '*', Component: NotFoundPage, handle: handle({ title: 'Page not found' }) },
    ],
  },

  // Logged-in only: no token leads to login.
  {
    loader: requireAuth,
    handle: handle({ layout: 'public' }),
    children: [
      { path: path(ROUTES.profile), Component: ProfilePage, handle: handle({ title: 'Profile' }) },
      {
        path: path(ROUTES.changePassword),
        Component: ChangePasswordPage,
        handle: handle({ title: 'Change password' }),
      },
      {
        path: path(ROUTES.addReview),
        Component: AddReviewPage,
        handle: handle({ title: 'Write a review' }),
      },
      {
        path: path(ROUTES.addFunds),
        Component: AddFundsPage,
        handle: handle({ title: 'Add funds' }),
      },
      {
        path: path(ROUTES.withdraw),
        Component: WithdrawRoutePage,
        handle: handle({ title: 'Withdraw' }),
      },
      {
        path: path(ROUTES.transactions),
        Component: TransactionsPage,
        handle: handle({ title: 'Transactions' }),
      },
      {
        path: path(ROUTES.notifications),
        Component: NotificationsPage,
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
        Component: CreateIdListPage,
        handle: handle({ title: 'Create ID' }),
      },
      { path: path(ROUTES.demoIds), Component: DemoIdsPage, handle: handle({ title: 'Demo ID' }) },
      { path: path(ROUTES.myIds), Component: MyIdsPage, handle: handle({ title: 'My IDs' }) },
      {
        loader: requireAuth,
        children: [
          {
            path: 'create_id/:id',
            Component: CreateIdRoutePage,
            handle: handle({ title: 'Request an ID' }),
          },
          { path: 'my_ids/:id', Component: MyIdPage, handle: handle({ title: 'ID details' }) },
          {
            path: 'my_ids/:id/deposit',
            Component: MyIdDepositRoutePage,
            handle: handle({ title: 'Deposit' }),
          },
          {
            path: 'my_ids/:id/withdraw',
            Component: MyIdWithdrawPage,
            handle: handle({ title: 'Withdraw from ID' }),
          },
          {
            path: 'my_ids/:id/close',
            Component: MyIdClosePage,
            handle: handle({ title: 'Close ID' }),
          },
        ],
      },
    ],
  },
];
