import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/money';
import { waitedFor } from '../lib/waiting';
import { staffText } from '../i18n';

/** The current time, moving on each minute: ages on screen stay true while staff work. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** "waiting 12 min" on a pending row; amber past an hour, red past a day. */
export function Waiting({ since, className }: { since: string; className?: string }) {
  const t = staffText.useT();
  const now = useNow();
  const at = Date.parse(since);
  const minutes = (now - at) / 60_000;
  return (
    <span
      title={formatDateTime(since)}
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap text-sm font-medium',
        minutes >= 24 * 60 ? 'text-red-700' : minutes >= 60 ? 'text-amber-800' : 'text-slate-700',
        className,
      )}
    >
      <Clock className="size-3.5" aria-hidden="true" />
      {t('wait.waiting', { age: waitedFor(at, now) })}
    </span>
  );
}
