import { POLL_INTERVAL_MS, type TelegramLink } from '@iddesk/contract';
import { CircleCheckBig, ExternalLink, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { QrCode } from '../../../components/ui/qr-code';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/money';
import { useAction } from '../../../lib/use-action';
import { useCreateTelegramLink, useTelegram, useUnlinkTelegram } from '../api/telegram';
import { account } from '../i18n';

/** Whether `link` still works at `now`. */
const live = (link: TelegramLink | null, now: number): link is TelegramLink =>
  link !== null && Date.parse(link.expires_at) > now;

/**
 * The profile's Telegram section (docs/product.md#telegram): link the account's chat through
 * the bot with a one-time link (a button, its QR code and a copy button), wait for the /start
 * there, then show the link with one Unlink button. Nothing at all when the site has no bot.
 */
export function TelegramCard({ staff, className }: { staff: boolean; className?: string }) {
  const t = account.useT();
  const [link, setLink] = useState<TelegramLink | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const waiting = live(link, now);
  const { data, isPending, isError, refetch, isRefetching } = useTelegram(waiting ? POLL_INTERVAL_MS : false);
  const create = useCreateTelegramLink();
  const unlink = useUnlinkTelegram();
  const { run, loading } = useAction();
  const linked = data?.linked ?? null;
  const { hash } = useLocation();

  // `/profile#telegram` (the staff's sound dialog links here): in view once it has loaded.
  useEffect(() => {
    if (hash === '#telegram' && data?.enabled) document.getElementById('telegram')?.scrollIntoView({ block: 'start' });
  }, [hash, data?.enabled]);

  // The link's expiry passes while the page is open: look again when it does.
  useEffect(() => {
    if (!link) return;
    const left = Date.parse(link.expires_at) - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left);
    return () => clearTimeout(timer);
  }, [link]);

  if (data && !data.enabled) return null;

  const makeLink = async () => {
    const result = await run(() => create.mutateAsync());
    if (result.ok && result.data) {
      setNow(Date.now());
      setLink(result.data);
    }
  };
  const doUnlink = async () => {
    setLink(null);
    await run(() => unlink.mutateAsync());
  };
  // A link that did its work: the chat is linked now.
  const justLinked = linked !== null && link !== null;

  return (
    <Card id="telegram" className={cn('scroll-mt-24', className)}>
      <section aria-labelledby="telegram-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-sky-50 text-sky-700" aria-hidden="true">
            <Send className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="telegram-heading" className="text-lg font-semibold text-slate-900">
                {t('telegram.title')}
              </h2>
              {data ? (
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-sm font-medium',
                    linked ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700',
                  )}
                >
                  {linked ? t('telegram.linked') : t('telegram.notLinked')}
                </span>
              ) : null}
            </div>
            <p className="mt-1 text-slate-600">{t('telegram.hint', { staff: staff ? 'yes' : 'no' })}</p>
          </div>
        </div>

        {isPending ? (
          <ListLoading label={t('telegram.loading')} rows={1} />
        ) : isError ? (
          <ListError onRetry={() => void refetch()} retrying={isRefetching} />
        ) : linked ? (
          <div className="flex flex-col gap-3">
            <p role="status" className="flex items-start gap-2 text-slate-800">
              <CircleCheckBig className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
              <span>
                {justLinked ? `${t('telegram.done')} ` : ''}
                {t('telegram.linkedTo', { name: linked.name ?? 'none', time: formatDateTime(linked.linked_at) })}
              </span>
            </p>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <Button variant="secondary" onClick={() => void doUnlink()} loading={loading} disabled={loading}>
                {t('telegram.unlink')}
              </Button>
              <span className="text-sm text-slate-600">{t('telegram.unlinkHint')}</span>
            </div>
          </div>
        ) : waiting ? (
          <div className="flex flex-col gap-4 md:flex-row md:items-start md:gap-6">
            <div className="flex min-w-0 flex-1 flex-col gap-4">
              <ol className="list-decimal space-y-1 pl-5 text-slate-800">
                <li>
                  {/* The QR code shows on wide screens only: a phone opens the link itself. */}
                  <span className="md:hidden">{t('telegram.stepOpenPhone')}</span>
                  <span className="hidden md:inline">{t('telegram.stepOpen')}</span>
                </li>
                <li>{t('telegram.stepStart', { bot: link.bot })}</li>
              </ol>
              <div className="flex flex-wrap items-center gap-3">
                <a href={link.url} target="_blank" rel="noopener noreferrer" className={buttonClass('primary')}>
                  <ExternalLink className="size-4" aria-hidden="true" />
                  {t('telegram.open')}
                </a>
                <CopyButton value={link.url} what={t('telegram.linkName')} />
                <Button variant="ghost" onClick={() => setLink(null)}>
                  {t('telegram.cancel')}
                </Button>
              </div>
              <p role="status" className="flex items-start gap-2 text-sm text-slate-700">
                <Spinner className="mt-0.5 size-4 shrink-0 text-brand-700" />
                <span>{t('telegram.waiting', { time: formatDateTime(link.expires_at) })}</span>
              </p>
            </div>
            <QrCode text={link.url} label={t('telegram.qr', { bot: link.bot })} size={152} className="hidden shrink-0 border border-slate-200 md:block" />
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            {link ? (
              <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
                {t('telegram.expired')}
              </p>
            ) : null}
            <div>
              <Button onClick={() => void makeLink()} loading={loading} disabled={loading} icon={<Send className="size-4" aria-hidden="true" />}>
                {link ? t('telegram.newLink') : t('telegram.link')}
              </Button>
            </div>
          </div>
        )}
      </section>
    </Card>
  );
}
