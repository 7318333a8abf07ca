/**
 * Entry point of the lazily loaded chunk with the site-content admin pages. They live in the
 * features that own their data (features do not import each other), and app/ composes them.
 */
export { AdminTopBlockPage } from '../../features/marquee/components/admin-top-block-page';
export { AdminMediaPage } from '../../features/media/components/admin-media-page';
export { AdminReviewsPage } from '../../features/reviews/components/admin-reviews-page';
export { AdminSettingsPage } from '../../features/site/components/admin-settings-page';
