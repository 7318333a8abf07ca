/**
 * API paths of the public-content issue (reviews, media, site settings), relative to `/api`
 * like `API` in routes.ts. Functions take an id; the server passes `':id'` to get its pattern.
 */
type Id = number | string;

export const CONTENT_API = {
  /** Public site settings (contacts, social links, terms). */
  settings: '/settings',
  adminSettings: '/admin/settings',

  reviews: '/reviews',
  addReview: '/add_review',
  adminReviews: '/admin/reviews',
  adminReviewHide: (id: Id) => `/admin/reviews/${id}/hide`,
  adminReviewUnhide: (id: Id) => `/admin/reviews/${id}/unhide`,

  media: '/media',
  adminMediaCreate: '/admin/media/create',
  adminMediaEdit: (id: Id) => `/admin/media/${id}/edit`,
  adminMediaDelete: (id: Id) => `/admin/media/${id}/delete`,
} as const;
