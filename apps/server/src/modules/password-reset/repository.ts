import type { Locale } from '@iddesk/contract';
import { and, eq, gt, isNull, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { passwordResets, users } from '../../db/schema';
import type { Db, Tx } from '../../db/types';
import { endSessions } from '../auth';

/**
 * A new token for the account with this email, replacing its older ones. The same two
 * statements run whether or not the account exists (no row matches then), so the work and
 * its timing do not tell a caller which emails are registered. Blocked accounts get none.
 */
export async function replaceResetToken(
  db: Db,
  values: { email: string; tokenHash: string; expiresAt: Date },
): Promise<{ userId: number; locale: Locale } | null> {
  return db.transaction(async (tx) => {
    const owner = tx.select({ id: users.id }).from(users).where(eq(users.email, values.email));
    await tx.delete(passwordResets).where(sql`${passwordResets.userId} in ${owner}`);
    // INSERT … SELECT: inserts one row or none, in the same statement either way.
    // The user's language comes back with it, for the mail (issue 18).
    const result = await tx.execute(sql`
      insert into ${passwordResets} (${sql.identifier('user_id')}, ${sql.identifier('token_hash')}, ${sql.identifier('expires_at')})
      select ${users.id}, ${values.tokenHash}, ${values.expiresAt.toISOString()}::timestamptz
      from ${users}
      where ${users.email} = ${values.email} and ${users.isBlocked} = false
      returning ${sql.identifier('user_id')}, (select ${users.locale} from ${users} where ${users.id} = ${sql.identifier('user_id')}) as locale`);
    // Both drivers (node-postgres and PGlite) answer a raw query with `rows`.
    const [row] = (result as { rows: { user_id: number; locale: Locale }[] }).rows;
    return row ? { userId: Number(row.user_id), locale: row.locale } : null;
  });
}

const newer = alias(passwordResets, 'newer');

/** Unused, unexpired, the user's newest, and the user not blocked. */
function usable(db: Db, tokenHash: string, now: Date) {
  return and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
    // Creating a token deletes the older ones; this also covers two created at once.
    notExists(
      db
        .select({ one: sql`1` })
        .from(newer)
        .where(and(eq(newer.userId, passwordResets.userId), gt(newer.id, passwordResets.id))),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(users)
        .where(and(eq(users.id, passwordResets.userId), eq(users.isBlocked, true))),
    ),
  );
}

export async function findUsableReset(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .where(usable(db, tokenHash, now))
    .limit(1);
  return rows[0] ?? null;
}

/** Marks the token used; null when it is no longer usable (used meanwhile, expired, replaced). */
export async function consumeReset(tx: Tx, tokenHash: string, now: Date) {
  const rows = await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(usable(tx, tokenHash, now))
    .returning({ id: passwordResets.id, userId: passwordResets.userId });
  return rows[0] ?? null;
}

/** After a reset: every session of the user ends, and no other reset token stays behind. */
export async function revokeAfterReset(tx: Tx, userId: number, usedResetId: number) {
  await endSessions(tx, userId);
  await tx
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), ne(passwordResets.id, usedResetId)));
}
