import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/app-config';
import { Keyring } from '../../modules/app-key';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** APP_KEY (and APP_KEY_PREVIOUS during a rotation): seals and opens stored secrets. */
    keyring: Keyring;
  }
}

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorate('config', config);
    app.decorate('keyring', new Keyring(config.appKey, config.appKeyPrevious));
  },
  { name: 'config' },
);
