import { ChevronLeft, ChevronRight, Keyboard } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { Button } from '../../../components/ui/button';
import type { QueueNav } from '../hooks/use-queue-nav';
import { staffText } from '../i18n';

/** Whether a key press belongs to something else: typing in a field, a dialog, a shortcut. */
function ignored(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return true;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"]')) return true;
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/** Submits an item page's approve or reject form (DecisionPanel `decision`), as its button would. */
export function submitDecision(decision: 'approve' | 'reject') {
  document.querySelector<HTMLFormElement>(`[data-decision="${decision}"] form`)?.requestSubmit();
}

type QueueKeysProps = {
  nav: QueueNav;
  /** A pending item the role may decide: A and R work. */
  decide: boolean;
};

/**
 * An item page's keyboard (issue 16 item 3): A approve, R reject (each opens its confirmation,
 * as the buttons do), J next and K previous item of the queue. Ignored while typing in a field
 * or while a dialog is open; each is a button too.
 */
export function QueueKeys({ nav, decide }: QueueKeysProps) {
  const t = staffText.useT();
  // Listening from the commit that shows the keys bar, not from a passive effect after it: the
  // bar mounts afresh on each pending item (QueueItem), and a key pressed as the item appears
  // (R right after the previous one's approval) arrived before the listener and was lost.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (ignored(event)) return;
      const key = event.key.toLowerCase();
      if (key === 'j') void nav.step('next');
      else if (key === 'k') void nav.step('previous');
      else if (decide && key === 'a') submitDecision('approve');
      else if (decide && key === 'r') submitDecision('reject');
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide, nav]);

  return (
    <div className="-mt-2 mb-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-2xl bg-white/10 px-4 py-1 text-sm text-slate-200 ring-1 ring-inset ring-white/15">
      <p className="flex items-center gap-2">
        <Keyboard className="size-4" aria-hidden="true" />
        <span>{t(decide ? 'keys.decide' : 'keys.move')}</span>
      </p>
      <div className="flex gap-2">
        <Button
          variant="light"
          aria-keyshortcuts="K"
          onClick={() => void nav.step('previous')}
          icon={<ChevronLeft className="size-4" aria-hidden="true" />}
        >
          {t('keys.previous')}
        </Button>
        <Button variant="light" aria-keyshortcuts="J" onClick={() => void nav.step('next')}>
          {t('keys.next')}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
