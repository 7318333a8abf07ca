import { common } from '../../lib/i18n-common';

export function SkipLink() {
  const t = common.useT();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-brand-800 shadow-card focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
    >
      {t('layout.skip')}
    </a>
  );
}
