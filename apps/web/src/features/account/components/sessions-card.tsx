import { type Session, UNKNOWN_DEVICE } from '@iddesk/contract';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { formatDateTime } from '../../../lib/money';
import { useAction } from '../../../lib/use-action';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import { account } from '../i18n';

/** Where the account is signed in: each session with its device, IP and times; end any. */
export function SessionsCard() {
  const t = account.useT();
  const { data: sessions, isPending, isError, refetch, isRefetching } = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const { run, loading } = useAction();
  const [ending, setEnding] = useState<number | 'others' | null>(null);

  const end = async (id: number) => {
    setEnding(id);
    await run(() => endOne.mutateAsync(id));
    setEnding(null);
  };
  const endRest = async () => {
    setEnding('others');
    await run(() => endOthers.mutateAsync());
    setEnding(null);
  };
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  return (
    <Card>
      <section aria-labelledby="sessions-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
            {t('sessions.title')}
          </h2>
          <p className="mt-1 text-slate-600">
            {t('sessions.hint')}
          </p>
        </div>
        {others > 0 ? (
          <Button
            variant="secondary"
            onClick={() => void endRest()}
            loading={loading && ending === 'others'}
            disabled={loading}
          >
            {t('sessions.endOthers')}
          </Button>
        ) : null}
      </div>
      {isPending ? (
        <ListLoading label={t('sessions.loading')} rows={2} />
      ) : isError || !sessions ? (
        <ListError onRetry={() => void refetch()} retrying={isRefetching} />
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" aria-label={t('sessions.list')}>
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              onEnd={() => void end(session.id)}
              ending={loading && ending === session.id}
              disabled={loading}
            />
          ))}
        </ul>
      )}
      </section>
    </Card>
  );
}

function SessionRow({
  session,
  onEnd,
  ending,
  disabled,
}: {
  session: Session;
  onEnd: () => void;
  ending: boolean;
  disabled: boolean;
}) {
  const t = account.useT();
  const Icon = /\((mobile|tablet)\)$/.test(session.device) ? Smartphone : Monitor;
  // The server names a device from its User-Agent ("Chrome 120 on Android 14 (mobile)"); the one
  // word it writes itself, for an unknown one, is said in the page's language.
  const device = session.device === UNKNOWN_DEVICE ? t('sessions.unknownDevice') : session.device;
  return (
    <li className="flex flex-wrap items-center gap-3 py-4" aria-label={device}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          {device}
          {session.current ? (
            <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-sm font-medium text-brand-800">
              {t('sessions.thisDevice')}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600">
          {session.ip ? <span>{t('sessions.ip', { ip: session.ip })} · </span> : null}
          <span>{t('sessions.signedIn', { time: formatDateTime(session.created_at) })}</span>
          <span> · {t('sessions.lastUsed', { time: formatDateTime(session.last_used_at) })}</span>
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost"
          onClick={onEnd}
          loading={ending}
          disabled={disabled}
          icon={<LogOut className="size-4" aria-hidden="true" />}
          aria-label={t('sessions.endLabel', { device })}
        >
          {t('sessions.end')}
        </Button>
      )}
    </li>
  );
}
