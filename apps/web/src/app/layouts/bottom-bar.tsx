import { ROUTES } from '@iddesk/contract';
import { MessageCircle, Share2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { common } from '../../lib/i18n-common';
import { shareLinks, type SocialLink } from '../../lib/site-config';
import { useSiteLinks, useSiteSettings } from '../../features/site/site-settings';

type Panel = 'share' | 'follow';

/** A panel of links; closed, only its empty element (the target of its button's aria-controls). */
function LinkBlock({
  id,
  title,
  links,
  hidden,
}: {
  id: string;
  title: string;
  links: () => SocialLink[];
  hidden: boolean;
}) {
  const t = common.useT();
  // Closed panels are not drawn: on every customer page that was 30 elements of a first load's
  // render (issue 56).
  if (hidden) return <div id={id} hidden />;
  const list = links();
  return (
    <div id={id} className="border-t border-slate-200 bg-white px-4 py-3 shadow-sheet">
      <p className="mb-2 text-sm font-semibold text-slate-700">{title}</p>
      {list.length === 0 ? <p className="text-sm text-slate-600">{t('bar.noLinks')}</p> : null}
      <ul className="grid grid-cols-2 gap-2">
        {list.map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-h-11 items-center justify-center rounded-xl bg-slate-100 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-200"
            >
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const itemClass =
  'flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-semibold text-slate-700 hover:text-brand-700';

/** Mobile bottom bar: Share and Follow Us toggle link blocks, Chat opens WhatsApp (docs/product.md#the-product). */
export function BottomBar() {
  const t = common.useT();
  const location = useLocation();
  // Remember which page the panel was opened on, so a route change closes it.
  const [open, setOpen] = useState<{ panel: Panel; key: string } | null>(null);
  const panel = open?.key === location.key ? open.panel : null;
  const toggle = (p: Panel) => setOpen(panel === p ? null : { panel: p, key: location.key });
  const pageUrl = typeof window === 'undefined' ? '' : window.location.origin + location.pathname;
  const { site_name: siteName } = useSiteSettings();
  const { whatsapp, follow } = useSiteLinks();

  return (
    <nav aria-label={t('bar.label')} className="fixed inset-x-0 bottom-0 z-30 md:hidden">
      <LinkBlock
        id="share-links"
        title={t('bar.shareSite', { site: siteName })}
        links={() => shareLinks(pageUrl, siteName)}
        hidden={panel !== 'share'}
      />
      <LinkBlock
        id="follow-links"
        title={t('bar.followTitle')}
        links={() => follow}
        hidden={panel !== 'follow'}
      />
      <div className="grid grid-cols-3 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
        <button
          type="button"
          className={cn(itemClass, panel === 'share' && 'text-brand-700')}
          aria-expanded={panel === 'share'}
          aria-controls="share-links"
          onClick={() => toggle('share')}
        >
          <Share2 className="size-5" aria-hidden="true" />
          {t('bar.share')}
        </button>
        {whatsapp ? (
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={itemClass}>
            <MessageCircle className="size-5 text-emerald-700" aria-hidden="true" />
            {t('bar.chat')}
          </a>
        ) : (
          <Link to={ROUTES.contacts} className={itemClass}>
            <MessageCircle className="size-5 text-emerald-700" aria-hidden="true" />
            {t('bar.chat')}
          </Link>
        )}
        <button
          type="button"
          className={cn(itemClass, panel === 'follow' && 'text-brand-700')}
          aria-expanded={panel === 'follow'}
          aria-controls="follow-links"
          onClick={() => toggle('follow')}
        >
          <UserPlus className="size-5" aria-hidden="true" />
          {t('bar.follow')}
        </button>
      </div>
    </nav>
  );
}
