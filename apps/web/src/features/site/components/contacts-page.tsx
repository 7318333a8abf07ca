import { ChevronRight, Mail, MessageCircle, Phone, Send, type LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListLoading } from '../../../components/ui/list-states';
import { PageHeading } from '../../../components/ui/page-heading';
import { cn } from '../../../lib/cn';
import { siteLinks, useSiteSettingsQuery } from '../site-settings';
import { siteText } from '../i18n';

type Channel = {
  icon: LucideIcon;
  label: string;
  value: string;
  href: string;
  external: boolean;
  tone: string;
};

/** Phone, WhatsApp, Telegram and email from the site settings, as big tappable cards. */
export function ContactsPage() {
  const t = siteText.useT();
  const query = useSiteSettingsQuery();
  const settings = query.data;
  const links = settings ? siteLinks(settings) : null;

  const channels: Channel[] = [];
  if (settings && links) {
    if (links.phone) {
      channels.push({
        icon: Phone,
        label: t('contacts.call'),
        value: settings.contact_phone,
        href: links.phone,
        external: false,
        tone: 'bg-brand-50 text-brand-700',
      });
    }
    if (links.whatsapp) {
      channels.push({
        icon: MessageCircle,
        label: t('contacts.whatsapp'),
        value: `+${settings.whatsapp}`,
        href: links.whatsapp,
        external: true,
        tone: 'bg-emerald-50 text-emerald-700',
      });
    }
    if (links.telegram) {
      channels.push({
        icon: Send,
        label: t('contacts.telegram'),
        value: `@${settings.telegram}`,
        href: links.telegram,
        external: true,
        tone: 'bg-sky-50 text-sky-700',
      });
    }
    if (links.email) {
      channels.push({
        icon: Mail,
        label: t('contacts.email'),
        value: settings.email,
        href: links.email,
        external: false,
        tone: 'bg-amber-50 text-amber-800',
      });
    }
  }

  return (
    <>
      <PageHeading
        title={t('contacts.title')}
        description={t('contacts.description')}
      />
      {query.isPending ? (
        <ListLoading label={t('contacts.loading')} rows={2} />
      ) : channels.length === 0 ? (
        <Card>
          <ListEmpty icon={Phone} title={t('contacts.empty')}>
            {t('contacts.emptyHint')}
          </ListEmpty>
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {channels.map(({ icon: Icon, label, value, href, external, tone }) => (
            <li key={label}>
              <a
                href={href}
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                className="group flex min-h-24 items-center gap-4 rounded-2xl border border-slate-200/80 bg-white p-5 shadow-card transition hover:border-brand-300 hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-500 sm:p-6"
              >
                <span
                  className={cn(
                    'flex size-14 shrink-0 items-center justify-center rounded-2xl',
                    tone,
                  )}
                >
                  <Icon className="size-7" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-slate-600">{label}</span>
                  <span className="block text-base font-semibold [overflow-wrap:anywhere] sm:text-lg text-slate-900 group-hover:text-brand-800">
                    {value}
                  </span>
                </span>
                <ChevronRight
                  className="size-5 shrink-0 text-slate-400 group-hover:text-brand-700"
                  aria-hidden="true"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
