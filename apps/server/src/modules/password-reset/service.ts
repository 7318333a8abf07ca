import {
  PASSWORD_RESET_TTL_MINUTES,
  ROUTES,
  type ResetPasswordBodySchema,
} from '@iddesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/types';
import { ValidationError } from '../../errors/app-errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/passwords';
import { hashToken, newApiToken } from '../../lib/tokens';
import type { WindowCounter } from '../../lib/rate-counters';
import { updateUserPassword } from '../users';
import { resetMail } from './mail';
import { consumeReset, findUsableReset, replaceResetToken, revokeAfterReset } from './repository';
import { t } from '../../lib/i18n';

type SetInput = z.output<typeof ResetPasswordBodySchema>;

export type ResetDeps = {
  db: Db;
  mailer: Mailer;
  /** Origin of the link in the mail. */
  appUrl: string;
  /** The clock every expiry is read from (tests move it). */
  now: () => Date;
  /** Attempts per email address, counted the same for unknown addresses. */
  emailLimit: WindowCounter;
};

const TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;

const invalid = () => ValidationError.field('token', t('validation.resetLink.invalid'));

/**
 * Same answer, same work, whether or not the email has an account: a token (256 random
 * bits) is made and hashed, and the insert runs and matches one row or none. The mail goes
 * out off the request path, so its time does not show either.
 */
export async function requestReset(deps: ResetDeps, email: string): Promise<void> {
  await deps.emailLimit.enforce(email);

  const token = newApiToken();
  const recipient = await replaceResetToken(deps.db, {
    email,
    tokenHash: hashToken(token),
    expiresAt: new Date(deps.now().getTime() + TTL_MS),
  });
  if (recipient !== null) {
    const link = `${deps.appUrl}${ROUTES.resetPassword(token)}`;
    deps.mailer.dispatch(resetMail(recipient.locale, email, link));
  }
}

/** 422 on `token` unless it is unused, unexpired and the newest one sent. */
export async function checkReset(
  deps: Pick<ResetDeps, 'db' | 'now'>,
  token: string,
): Promise<void> {
  if (!(await findUsableReset(deps.db, hashToken(token), deps.now()))) throw invalid();
}

/**
 * Sets the new password and ends every session of the user: whoever had the old password
 * (or a stolen token) is out. The token is used up in the same transaction.
 */
export async function completeReset(
  deps: Pick<ResetDeps, 'db' | 'now'>,
  input: SetInput,
): Promise<void> {
  const tokenHash = hashToken(input.token);
  // Checked before hashing, so a bad link does not cost an argon2 run.
  if (!(await findUsableReset(deps.db, tokenHash, deps.now()))) throw invalid();
  // Hashing takes tens of milliseconds; never inside a transaction (docs/product.md#running-it).
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const reset = await consumeReset(tx, tokenHash, deps.now());
    if (!reset) throw invalid();
    await updateUserPassword(tx, reset.userId, passwordHash);
    await revokeAfterReset(tx, reset.userId, reset.id);
  });
}
