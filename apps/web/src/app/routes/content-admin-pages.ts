/**
 * Entry point of the lazily loaded chunk with the site-content admin pages. They live in the
 * features that own their data (features do not import each other), and app/ composes them.
 */
export { AdminTopBlockPage } from '../../features/marquee/admin/components/admin-top-block-page';
export { AdminMediaPage } from '../../features/media/admin/components/admin-media-page';
export { AdminReviewsPage } from '../../features/reviews/admin/components/admin-reviews-page';
export { AdminSettingsPage } from '../../features/site/admin/components/admin-settings-page';
