import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export interface Mailer {
  /** Send now; rejects when the mail could not be handed over. */
  send(message: MailMessage): Promise<void>;
  /**
   * Send off the request path: returns at once, failures are logged. Used where the answer
   * must not depend on (or take the time of) a mail going out.
   */
  dispatch(message: MailMessage): void;
  /** Wait for dispatched mail, then release the transport (server shutdown). */
  close(): Promise<void>;
}

export type MailerOptions = {
  smtpUrl: string | undefined;
  from: string;
  /** Where messages go as .eml files when there is no SMTP server. */
  outboxDir: string;
  log: FastifyBaseLogger;
};

/**
 * nodemailer over SMTP_URL; without one, each message is written to the outbox folder and
 * its links are logged, so a developer can follow a reset link without a mail server.
 */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const inFlight = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from, ...message });
    if (smtpUrl) {
      log.info({ to: message.to, subject: message.subject }, 'Mail sent');
      return;
    }
    const file = join(
      outboxDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
    );
    await mkdir(outboxDir, { recursive: true });
    await writeFile(file, (info as { message: Buffer }).message, { mode: 0o600 });
    // Development only (no SMTP_URL): the links are what the developer needs from the mail.
    log.info(
      {
        to: message.to,
        subject: message.subject,
        file,
        links: message.text.match(/https?:\/\/\S+/g) ?? [],
      },
      'Mail written to the outbox (SMTP_URL is not set)',
    );
  }

  return {
    send,
    dispatch(message) {
      const pending = send(message)
        .catch((error: unknown) => {
          log.error(
            { err: error, to: message.to, subject: message.subject },
            'Mail could not be sent',
          );
        })
        .finally(() => inFlight.delete(pending));
      inFlight.add(pending);
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      transport.close();
    },
  };
}
