/** Client error pages (docs/product.md#error-pages); the catch-all route renders "Page not found" too. */
export const ERROR_ROUTES = {
  userNotFound: '/user_not_found',
  serverError: '/505',
  projectNotFound: '/project_not_found',
  pageNotFound: '/404',
} as const;
export type ErrorRoute = (typeof ERROR_ROUTES)[keyof typeof ERROR_ROUTES];
