import * as Dialog from '@radix-ui/react-dialog';
import { Volume2, VolumeX, X } from 'lucide-react';
import { ROUTES, TELEGRAM_API, type TelegramStatus } from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import soundEn from '@iddesk/contract/i18n/en/sound.json';
import { catalogue } from '../../lib/i18n';
import { common } from '../../lib/i18n-common';
import { itemQueryOptions } from '../../lib/page-query';
import { QUERY_KEYS } from '../../lib/query-keys';
import { playSound, setSoundPreference, unlockAudio, useSoundPreference } from '../../lib/sound';

/** The staff's sound dialog: its words load with the admin layout, not on a customer's page. */
const soundText = catalogue('sound', soundEn);

/**
 * Admin header's Sound notifications dialog (docs/product.md#notifications-and-sounds). Browsers only play sound after a
 * user gesture, so "Got it!" is that gesture: it unlocks audio for the tab and remembers the
 * choice (on or off) in this browser. Until it is answered, the speaker shows a dot.
 */
export function SoundDialog() {
  const t = soundText.useT();
  const shared = common.useT();
  const preference = useSoundPreference();
  const [enabled, setEnabled] = useState(preference !== 'off');
  const Icon = preference === 'off' ? VolumeX : Volume2;

  return (
    <Dialog.Root onOpenChange={(open) => open && setEnabled(preference !== 'off')}>
      <Dialog.Trigger
        className="relative flex size-11 items-center justify-center rounded-xl text-slate-200 hover:bg-white/10 hover:text-white"
        aria-label={t('button', { state: preference === 'off' ? 'off' : 'on' })}
      >
        <Icon className="size-5" aria-hidden="true" />
        {preference === 'unset' ? (
          <span
            aria-hidden="true"
            className="absolute right-2 top-2 size-2.5 rounded-full bg-amber-400 ring-2 ring-ink-900"
          />
        ) : null}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content className="dialog-panel fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-sheet focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {t('title')}
            </Dialog.Title>
            <Dialog.Close
              className="-mr-2 -mt-2 flex size-11 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100"
              aria-label={shared('dialog.close')}
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-slate-600">
            {t('description')}
          </Dialog.Description>
          <label className="mt-5 flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-4 py-2">
            <input
              type="checkbox"
              checked={enabled}
              onChange={(event) => setEnabled(event.target.checked)}
              className="size-5 accent-brand-700"
            />
            <span className="font-medium text-slate-900">{t('enable')}</span>
          </label>
          <TelegramHint />
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button
              variant="secondary"
              onClick={() => {
                unlockAudio();
                playSound('alert', { force: true });
              }}
              disabled={!enabled}
            >
              {t('test')}
            </Button>
            <Dialog.Close asChild>
              <Button onClick={() => setSoundPreference(enabled ? 'on' : 'off')}>{t('gotIt')}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Where staff link Telegram for the same alerts (docs/product.md#telegram); nothing without a bot. */
function TelegramHint() {
  const t = soundText.useT();
  // The profile's query (features/account/api/telegram.ts), not its module: that stays in the profile's chunk.
  const { data } = useQuery(itemQueryOptions<TelegramStatus>(TELEGRAM_API.status, QUERY_KEYS.telegram));
  if (!data?.enabled || data.linked) return null;
  return (
    <p className="mt-4 text-sm text-slate-600">
      {t('telegram')}{' '}
      <Dialog.Close asChild>
        <Link to={`${ROUTES.profile}#telegram`} className="font-semibold text-brand-700 underline underline-offset-4">
          {t('telegramLink')}
        </Link>
      </Dialog.Close>
    </p>
  );
}
