import { claimPaths, type ClaimState, type ItemClaim, QUEUE_CLAIM_SECONDS } from '@iddesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { UserRoundCheck, UserRoundX } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { ConfirmActionButton } from '../../../components/ui/confirm-action-button';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/money';
import { QUERY_KEYS } from '../../../lib/query-keys';
import { useStaffCan, useStaffId } from '../../../lib/staff-role';
import { staffText } from '../i18n';

/** A pending item as its claim reads it. */
type Claimable = { status: string; claim?: ItemClaim | undefined };

/** Renew a claim the staff member is working under once half of it has gone. */
const RENEW_AFTER_MS = (QUEUE_CLAIM_SECONDS * 1000) / 2;
/** Ask again no sooner than this after a claim that did not take (held by someone else). */
const RETRY_AFTER_MS = 5_000;
const ACTIVITY = ['pointerdown', 'keydown', 'input'] as const;

/**
 * Issue 55 item 2 (docs/product.md#claims): while a staff member who may decide has a pending
 * item open, it is theirs. Opening claims it; working on it (a press, a key, typing) renews
 * the claim once half of it has gone; leaving the item (another page, the next item, closing
 * the tab) releases it. An item someone else holds is not asked for until they let it go and
 * the staff member works on the page. The server checks every decision anyway.
 */
export function useItemClaim(apiItemPath: string, item: Claimable) {
  const decide = useStaffCan('queues.decide');
  const me = useStaffId();
  const queryClient = useQueryClient();
  const active = decide && item.status === 'pending' && me !== null;
  // What the effect's listeners read of the latest render.
  const latest = useRef({ item, me, pending: active });
  useLayoutEffect(() => {
    latest.current = { item, me, pending: active };
  });

  useEffect(() => {
    if (!active) return;
    const paths = claimPaths(apiItemPath);
    let held = false;
    let asked = 0;
    const heldByOther = () => {
      const claim = latest.current.item.claim;
      return Boolean(claim && claim.by.id !== latest.current.me);
    };
    const take = async () => {
      asked = Date.now();
      try {
        await apiRequest<ClaimState>(paths.claim);
        held = true;
      } catch (error) {
        held = false;
        // Someone took it first: the item and the list show who, fresh.
        if (error instanceof ApiError && error.code === 'CLAIMED_BY_OTHER') {
          void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.admin });
        }
      }
    };
    const release = () => {
      if (!held) return;
      held = false;
      void apiRequest<ClaimState>(paths.release, { keepalive: true }).catch(() => undefined);
    };
    const onActivity = () => {
      if (heldByOther()) return;
      const since = Date.now() - asked;
      if (held ? since >= RENEW_AFTER_MS : since >= RETRY_AFTER_MS) void take();
    };
    if (!heldByOther()) void take();
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { passive: true });
    window.addEventListener('pagehide', release);
    return () => {
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity);
      window.removeEventListener('pagehide', release);
      // Decided: the decision released it already.
      if (latest.current.pending) release();
    };
  }, [active, apiItemPath, queryClient]);
}

/**
 * An item page's notice that someone else is handling the item: who, and until when; an owner
 * may take it over (the server releases their claim, audited, and it becomes the owner's).
 */
export function ClaimBanner({ apiItemPath, item }: { apiItemPath: string; item: Claimable }) {
  const t = staffText.useT();
  const me = useStaffId();
  const override = useStaffCan('queues.override');
  const queryClient = useQueryClient();
  const claim = item.claim;
  if (item.status !== 'pending' || !claim || claim.by.id === me) return null;
  const paths = claimPaths(apiItemPath);
  const takeOver = async () => {
    await apiRequest<ClaimState>(paths.release);
    const taken = await apiRequest<ClaimState>(paths.claim);
    await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.admin });
    return taken;
  };
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-start gap-3 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-inset ring-amber-400 sm:items-center"
    >
      <UserRoundX className="mt-0.5 size-5 shrink-0 sm:mt-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-semibold">{t('claim.heldBy', { name: claim.by.name })}</p>
        <p className="text-sm">{t('claim.heldByHint', { until: formatDateTime(claim.until) })}</p>
      </div>
      {override ? (
        <ConfirmActionButton
          label={t('claim.takeOver')}
          title={t('claim.takeOverTitle', { name: claim.by.name })}
          description={t('claim.takeOverDescription', { name: claim.by.name })}
          confirmLabel={t('claim.takeOver')}
          action={takeOver}
          successMessage={t('claim.takenOver')}
        />
      ) : null}
    </div>
  );
}

/** A list row's word on who has the item open ("Asha has it open"), nothing when nobody does. */
export function ClaimTag({ claim }: { claim: ItemClaim | undefined }) {
  const t = staffText.useT();
  const me = useStaffId();
  if (!claim) return null;
  const mine = claim.by.id === me;
  const Icon = mine ? UserRoundCheck : UserRoundX;
  return (
    <span className="inline-flex max-w-full items-center gap-1 self-start rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-950 ring-1 ring-inset ring-sky-400">
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {mine ? t('claim.tagMine') : t('claim.tagOther', { name: claim.by.name })}
    </span>
  );
}
