import * as Dialog from '@radix-ui/react-dialog';
import { BellRing, X } from 'lucide-react';
import { Button } from '../../components/ui/button';

/**
 * Admin header's Sound notifications dialog (SPEC.md §2). Browsers only play sound after a user
 * gesture, so "Got it!" doubles as that gesture for the live alerts a later issue adds.
 */
export function SoundDialog() {
  return (
    <Dialog.Root>
      <Dialog.Trigger
        className="flex size-11 items-center justify-center rounded-xl text-slate-200 hover:bg-white/10 hover:text-white"
        aria-label="Sound notifications"
      >
        <BellRing className="size-5" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content className="dialog-panel fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-sheet focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              Sound notifications
            </Dialog.Title>
            <Dialog.Close
              className="-mr-2 -mt-2 flex size-11 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-slate-600">
            A sound plays when new ID requests, bills or withdrawals arrive. Keep this tab open
            while you work the queue; your browser allows sound once you have clicked on the page.
          </Dialog.Description>
          <div className="mt-6 flex justify-end">
            <Dialog.Close asChild>
              <Button>Got it!</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
