/** One place for the e2e server's coordinates, shared by the config and the fixtures. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The SMTP server the notifications spec runs; the e2e server mails through it. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1000);
/** The fake Telegram Bot API telegram.spec.ts runs; the e2e server's TELEGRAM_API_URL. */
export const E2E_TELEGRAM_PORT = Number(process.env.E2E_TELEGRAM_PORT ?? E2E_PORT + 2000);
export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'admin-e2e-password';
