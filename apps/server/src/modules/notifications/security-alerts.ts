import type { MessageKey, MessageValues } from '@iddesk/contract';
import type { Db } from '../../db/types';
import { translateIn } from '../../lib/i18n';
import type { Mailer } from '../../lib/mailer';
import { type Notice, noticeText, wrongCodes, wrongCodesForStaff } from './messages';
import { type AlertRecipient, wrongCodeRecipients } from './repository';
import { notify } from './service';

export type SecurityAlertDeps = { db: Db; mailer: Mailer; appUrl: string };

/** A notice as a mail: its title the subject, its body, and a link to where it points. */
function noticeMail(appUrl: string, to: AlertRecipient, notice: Notice) {
  const say = (key: MessageKey, values?: MessageValues) => translateIn(to.locale, key, values);
  const link = notice.link ? `${appUrl}${notice.link}` : null;
  const { title, body } = noticeText(to.locale, notice.key, notice.values);
  const text = [
    say('mail.alert.hello', { name: to.name }),
    '',
    body,
    ...(link ? ['', say('mail.alert.open'), link] : []),
    '',
    say('mail.signature'),
  ].join('\n');
  return { to: to.email, subject: title, text };
}

/**
 * Repeated wrong second-factor codes on an account (issue 51 finding 6): its holder and, for a
 * staff account, every owner who can sign in get a notification (in one transaction) and a mail
 * (sent off the request path, once the notifications are written), each in their own language.
 */
export async function alertWrongCodes(
  deps: SecurityAlertDeps,
  alert: { userId: number; count: number; ip: string },
): Promise<void> {
  const sent = await deps.db.transaction(async (tx) => {
    const [holder, ...owners] = await wrongCodeRecipients(tx, alert.userId);
    if (!holder) return [];
    const notices: [AlertRecipient, Notice][] = [
      [holder, wrongCodes(alert)],
      ...owners.map((owner): [AlertRecipient, Notice] => [
        owner,
        wrongCodesForStaff({ ownerId: owner.id, count: alert.count, ip: alert.ip, name: holder.name, email: holder.email }),
      ]),
    ];
    for (const [recipient, notice] of notices) await notify(tx, notice, recipient.locale);
    return notices;
  });
  for (const [recipient, notice] of sent) deps.mailer.dispatch(noticeMail(deps.appUrl, recipient, notice));
}
