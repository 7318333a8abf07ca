import { type Locale, type MessageKey, PASSWORD_RESET_TTL_MINUTES } from '@iddesk/contract';
import { translateIn } from '../../lib/i18n';
import type { MailMessage } from '../../lib/mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reset mail in the recipient's language (the account's, issue 18). */
export function resetMail(locale: Locale, to: string, link: string): MailMessage {
  const say = (key: MessageKey) =>
    translateIn(locale, key, { minutes: PASSWORD_RESET_TTL_MINUTES });
  const text = [
    say('mail.reset.hello'),
    '',
    say('mail.reset.asked'),
    say('mail.reset.open'),
    '',
    link,
    '',
    say('mail.reset.once'),
    say('mail.reset.ignore'),
    '',
    say('mail.signature'),
  ].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body>
<p>${escapeHtml(say('mail.reset.hello'))}</p>
<p>${escapeHtml(say('mail.reset.asked'))}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(say('mail.reset.button'))}</a></p>
<p>${escapeHtml(say('mail.reset.paste'))}<br>${escapeHtml(link)}</p>
<p>${escapeHtml(say('mail.reset.once'))}<br>
${escapeHtml(say('mail.reset.ignore'))}</p>
<p>${escapeHtml(say('mail.signature'))}</p>
</body></html>`;
  return { to, subject: say('mail.reset.subject'), text, html };
}
