import { ROUTES, type UserId } from '@iddesk/contract';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  CircleSlash,
  KeyRound,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { CancelUserIdButton } from './cancel-buttons';
import { ChangePasswordDialog } from './change-password-dialog';
import { closingReason, idActionState, type IdAction } from './id-actions-state';
import { idsText } from '../i18n';

type ActionProps = {
  userId: UserId;
  action: IdAction;
  label: string;
  icon: LucideIcon;
  to?: string;
  onClick?: () => void;
  tone?: 'primary' | 'secondary' | 'danger';
  /** The element that already says why every action is closed (an ID that is not active). */
  sharedReasonId?: string;
};

/** One action: a link or button when it can be asked for, else disabled with the reason. */
function Action({
  userId,
  action,
  label,
  icon: Icon,
  to,
  onClick,
  tone = 'secondary',
  sharedReasonId,
}: ActionProps) {
  const reasonId = useId();
  const state = idActionState(userId, action);
  const content = (
    <>
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </>
  );
  const variant = tone === 'primary' ? 'primary' : 'secondary';
  const extra = tone === 'danger' ? 'w-full text-red-700' : 'w-full';
  if (!state.enabled) {
    return (
      <div>
        <Button
          variant="secondary"
          className="w-full"
          disabled
          aria-describedby={sharedReasonId ?? reasonId}
        >
          {content}
        </Button>
        {sharedReasonId ? null : (
          <p id={reasonId} className="mt-1 text-sm text-slate-600">
            {state.reason}
          </p>
        )}
      </div>
    );
  }
  return to ? (
    <ButtonLink to={to} variant={variant} className={extra}>
      {content}
    </ButtonLink>
  ) : (
    <Button variant={variant} className={extra} onClick={onClick}>
      {content}
    </Button>
  );
}

/** What the customer can ask the desk to do with an ID. */
export function IdActions({ userId }: { userId: UserId }) {
  const [changing, setChanging] = useState(false);
  const t = idsText.useT();
  const noteId = useId();
  // An ID that is not active closes every action for one reason: say it once, here.
  const closed = idActionState(userId, 'deposit');
  const shared = closed.enabled ? {} : { sharedReasonId: noteId };
  return (
    <Card className="self-start">
      <h2 className="text-lg font-semibold text-slate-900">{t('actions.title')}</h2>
      <p
        id={noteId}
        className={cn(
          'mt-1 text-sm',
          // Money rule 9: paused while a close waits; said where the eye lands first.
          !closed.enabled && closed.reason === closingReason()
            ? 'mt-3 rounded-xl bg-amber-50 p-3 font-medium text-amber-900 ring-1 ring-inset ring-amber-300'
            : 'text-slate-600',
        )}
      >
        {closed.enabled
          ? t('actions.intro')
          : closed.reason}
      </p>
      {userId.status === 'pending' ? (
        <CancelUserIdButton userId={userId} className="mt-4 w-full sm:w-auto lg:w-full" />
      ) : null}
      <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <Action
          userId={userId}
          {...shared}
          action="deposit"
          label={t('actions.deposit')}
          icon={ArrowDownToLine}
          to={ROUTES.myIdDeposit(userId.id)}
          tone="primary"
        />
        <Action
          userId={userId}
          {...shared}
          action="withdraw"
          label={t('actions.withdraw')}
          icon={ArrowUpFromLine}
          to={ROUTES.myIdWithdraw(userId.id)}
        />
        <Action
          userId={userId}
          {...shared}
          action="change_password"
          label={t('actions.changePassword')}
          icon={KeyRound}
          onClick={() => setChanging(true)}
        />
        <Action
          userId={userId}
          {...shared}
          action="close"
          label={t('actions.close')}
          icon={CircleSlash}
          to={ROUTES.myIdClose(userId.id)}
          tone="danger"
        />
      </div>
      <ChangePasswordDialog
        userIdId={userId.id}
        serviceName={userId.item.name}
        open={changing}
        onOpenChange={setChanging}
      />
    </Card>
  );
}
