import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** API sessions. Only the SHA-256 of the bearer token is stored (docs/product.md#domain). */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token. */
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_unique'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; idle expiry is computed from last_used_at. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Where the session was signed in from, shown in the profile's session list. */
    ip: text('ip'),
    /** The User-Agent header at sign-in (at most 512 characters). */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * IPs an account has signed in from successfully. A sign-in from one of them is not counted
 * against the account's failure budget (issue 15 finding 2, docs/security.md §1): an
 * attacker guessing from elsewhere cannot keep the owner out. Rows outlive sessions.
 */
export const knownSignIns = pgTable(
  'known_sign_ins',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/**
 * Devices the account has signed in on (issue 51 finding 6): the SHA-256 of the random device
 * token a successful sign-in leaves in an HttpOnly cookie (auth/device.ts). A second-factor
 * code from a device the account signed in on recently is counted on that device alone, so
 * wrong codes sent by others from anywhere cannot keep the owner out. Rows outlive sessions.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the device token. */
    deviceHash: text('device_hash').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * The step between the password and the second-factor code (issue 51 finding 6): the password
 * was right, the code is still to come. Only the SHA-256 of the random challenge is stored.
 * Used once: the sign-in that succeeds deletes it; ending the account's sessions (a password
 * change or reset, a block, a factor change) deletes every one of them (auth `endSessions`).
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('sign_in_challenges_token_hash_unique'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_challenges_user_id_idx').on(t.userId)],
);

/**
 * The token hashes of sessions a block ended (issue 17): a later call with such a token is
 * told "Your account has been blocked" (401 ACCOUNT_BLOCKED) while the account stays blocked,
 * instead of a bare "Unauthenticated.". The sessions themselves are gone for good.
 */
export const blockedSessionTokens = pgTable('blocked_session_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  blockedAt: timestamp('blocked_at', { withTimezone: true }).notNull().defaultNow(),
});
