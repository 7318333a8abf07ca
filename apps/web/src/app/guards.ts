import { ROUTES } from '@iddesk/contract';
import { redirect } from 'react-router';
import { session } from '../lib/session';

/** Client-side guards (docs/product.md#screens-and-routes); they read the stored session only. */
export function requireGuest() {
  return session.token() ? redirect(ROUTES.home) : null;
}

export function requireAuth() {
  return session.token() ? null : redirect(ROUTES.login);
}

export function hasAdminAccess() {
  return Boolean(session.token()) && session.isAdmin();
}
