import type { ItemRef } from '@iddesk/contract';
import { ItemLogo } from '../../../../components/ui/item-logo';

/** A user ID in admin lists: the service's logo and name, and the username. */
export function IdCell({ item, username }: { item: ItemRef; username: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <ItemLogo name={item.name} url={item.logo_url} className="size-9 rounded-lg" />
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900">{item.name}</p>
        <p className="truncate text-sm text-slate-600">@{username}</p>
      </div>
    </div>
  );
}

export const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';
