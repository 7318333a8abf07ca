import { common } from '../../lib/i18n-common';
import { SITE_NAME } from '../../lib/site-config';
import { Wordmark } from './wordmark';

/** The loader's accessible name in the page's language ("Loading ID Desk"). */
export const loaderLabel = () => common.t('loader.label', { site: SITE_NAME });

/**
 * Shown while the global fetching flag is on (docs/product.md#shell-and-navigation), and while
 * a route's chunk loads; index.html paints the same loader before any script has run.
 */
export function FullScreenLoader() {
  common.useT();
  return (
    <div
      role="status"
      aria-label={loaderLabel()}
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-ink-950 text-white"
    >
      {/* No fade-in: index.html paints this same loader before the scripts run. */}
      <Wordmark tone="light" size="lg" />
      <span className="loader-bar" aria-hidden="true">
        <span />
      </span>
    </div>
  );
}
