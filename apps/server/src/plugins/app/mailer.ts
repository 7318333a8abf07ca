import { join } from 'node:path';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../../lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Mail over SMTP_URL, or into DATA_DIR/outbox without one. Dispatched mail is awaited on close. */
export default fp(
  async (app) => {
    const mailer = createMailer({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      outboxDir: join(app.config.dataDir, 'outbox'),
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', dependencies: ['config'] },
);
