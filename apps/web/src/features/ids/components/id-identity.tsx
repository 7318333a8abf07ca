import type { UserId } from '@iddesk/contract';
import { ItemLogo } from '../../../components/ui/item-logo';
import { StatusBadge } from '../../../components/ui/status-badge';
import { idsText } from '../i18n';

/** Which ID a page is about: the service's logo and name, the username and the status. */
export function IdIdentity({ userId, as: Heading = 'h2' }: { userId: UserId; as?: 'h2' | 'h3' }) {
  const t = idsText.useT();
  return (
    <div className="flex items-center gap-4">
      <ItemLogo name={userId.item.name} url={userId.item.logo_url} />
      <div className="min-w-0 flex-1">
        <Heading className="truncate text-lg font-semibold text-slate-900">
          {userId.item.name}
        </Heading>
        <p className="truncate text-slate-600">
          <span className="sr-only">{t('identity.username')}</span>@{userId.username}
        </p>
      </div>
      <StatusBadge status={userId.status} />
    </div>
  );
}
