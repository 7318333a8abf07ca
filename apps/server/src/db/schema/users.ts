import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const userType = pgEnum('user_type', ['user', 'admin']);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Stored lower-cased (the contract's EmailSchema normalises it). */
    email: text('email').notNull().unique('users_email_unique'),
    /** Stored normalised: digits with an optional leading +. */
    phone: text('phone').notNull().unique('users_phone_unique'),
    passwordHash: text('password_hash').notNull(),
    type: userType('type').notNull().default('user'),
    /** Wallet balance in minor units (paise). */
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    isBlocked: boolean('is_blocked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The last line of defence for money rule 1: whatever the code does, no negative wallet.
  (t) => [check('users_balance_non_negative', sql`${t.balance} >= 0`)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
