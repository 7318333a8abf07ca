import { loadOrCreateAppKey } from './app-key';
import { type EnvConfig, readEnv } from './env';

/** Everything buildApp needs to know about its surroundings. */
export type AppConfig = Omit<EnvConfig, 'appKeyFromEnv'> & { appKey: Buffer };

/** The production path: read the environment, then make sure the app key exists. */
export function loadConfig(): AppConfig {
  const { appKeyFromEnv, ...env } = readEnv();
  return { ...env, appKey: loadOrCreateAppKey(env.dataDir, appKeyFromEnv) };
}
