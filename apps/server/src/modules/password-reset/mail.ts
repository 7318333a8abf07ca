import { PASSWORD_RESET_TTL_MINUTES } from '@iddesk/contract';
import type { MailMessage } from '../../lib/mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function resetMail(to: string, link: string): MailMessage {
  const text = [
    'Hello,',
    '',
    'Someone (hopefully you) asked to reset the password of your ID Desk account.',
    'Open this link to choose a new one:',
    '',
    link,
    '',
    `The link works once, within ${PASSWORD_RESET_TTL_MINUTES} minutes. Setting a new password signs you out everywhere.`,
    'If you did not ask for this, ignore this email: your password stays as it is.',
    '',
    '— ID Desk',
  ].join('\n');
  const html = `<p>Hello,</p>
<p>Someone (hopefully you) asked to reset the password of your ID Desk account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>Or paste this link into your browser:<br>${escapeHtml(link)}</p>
<p>The link works once, within ${PASSWORD_RESET_TTL_MINUTES} minutes. Setting a new password signs you out everywhere.<br>
If you did not ask for this, ignore this email: your password stays as it is.</p>
<p>— ID Desk</p>`;
  return { to, subject: 'Reset your ID Desk password', text, html };
}
