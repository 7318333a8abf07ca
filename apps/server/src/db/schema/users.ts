import type { Locale } from '@iddesk/contract';
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
/** Staff roles (issue 15, contract staff.ts): set for admins, null for customers. */
export const staffRole = pgEnum('staff_role', ['owner', 'cashier', 'support']);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Stored lower-cased (the contract's EmailSchema normalises it). */
    email: text('email').notNull().unique('users_email_unique'),
    /** Stored normalised (contract normalisePhoneNumber): "+91" and ten digits for India, else "+<digits>". */
    phone: text('phone').notNull().unique('users_phone_unique'),
    passwordHash: text('password_hash').notNull(),
    type: userType('type').notNull().default('user'),
    /** Wallet balance in minor units (paise). */
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    isBlocked: boolean('is_blocked').notNull().default(false),
    role: staffRole('role'),
    /**
     * The TOTP secret (base32), sealed with the app key (SEALED.totpSecret). Set at enrolment
     * start; it counts only once `second_factor` is true (the first code was confirmed).
     */
    totpSecretSealed: text('totp_secret_sealed'),
    secondFactor: boolean('second_factor').notNull().default(false),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * The password was generated (the first admin's, when ADMIN_PASSWORD is unset): signing in
     * with it gives no token until the user chose a new one (auth/service.ts). Any password
     * the user sets clears it.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The language the user reads the site, notifications and mail in (contract LOCALES). */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The last line of defence for money rule 1: whatever the code does, no negative wallet.
  (t) => [
    check('users_balance_non_negative', sql`${t.balance} >= 0`),
    // Staff have a role, customers none.
    check('users_role_staff_only', sql`(${t.type} = 'admin') = (${t.role} is not null)`),
    check('users_locale_known', sql`${t.locale} in ('en', 'hi')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
