import { MessageCircle, Phone, Send } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import {
  CONTACT_PHONE,
  CONTACT_PHONE_HREF,
  TELEGRAM_URL,
  WHATSAPP_URL,
} from '../../../lib/site-config';

const CHANNELS = [
  {
    icon: Phone,
    label: 'Call us',
    value: CONTACT_PHONE,
    href: CONTACT_PHONE_HREF,
    external: false,
  },
  {
    icon: MessageCircle,
    label: 'WhatsApp',
    value: 'Chat with the desk',
    href: WHATSAPP_URL,
    external: true,
  },
  {
    icon: Send,
    label: 'Telegram',
    value: 'Message us on Telegram',
    href: TELEGRAM_URL,
    external: true,
  },
];

export function ContactsPage() {
  return (
    <>
      <PageHeading
        title="Contacts"
        description="Our desk answers every day, usually within minutes."
      />
      <ul className="grid gap-4 sm:grid-cols-3">
        {CHANNELS.map(({ icon: Icon, label, value, href, external }) => (
          <li key={label}>
            <Card className="h-full">
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h2 className="mt-3 font-semibold text-slate-900">{label}</h2>
              <a
                href={href}
                className="mt-1 inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-4 hover:underline"
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {value}
              </a>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
