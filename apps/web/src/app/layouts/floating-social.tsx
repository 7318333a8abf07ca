import { MessageCircle, Send } from 'lucide-react';
import { useSiteLinks } from '../../features/site/site-settings';
import { common } from '../../lib/i18n-common';

const buttonClass =
  'flex size-14 items-center justify-center rounded-full text-white shadow-sheet transition-transform hover:scale-105 focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-brand-500';

/** Desktop floating chat and social buttons (docs/product.md#the-product). */
export function FloatingSocial() {
  const t = common.useT();
  const { telegram, whatsapp } = useSiteLinks();
  if (!telegram && !whatsapp) return null;
  return (
    <aside
      aria-label={t('social.label')}
      className="fixed bottom-6 right-6 z-20 hidden flex-col gap-3 md:flex"
    >
      {telegram ? (
        <a
          href={telegram}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('social.telegram')}
          className={`${buttonClass} bg-sky-700`}
        >
          <Send className="size-6" aria-hidden="true" />
        </a>
      ) : null}
      {whatsapp ? (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('social.whatsapp')}
          className={`${buttonClass} bg-emerald-700`}
        >
          <MessageCircle className="size-6" aria-hidden="true" />
        </a>
      ) : null}
    </aside>
  );
}
