import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { uploads } from './uploads';

/**
 * The catalogue (the "ID" of docs/product.md#domain): a service customers can get an account on. Items with
 * user IDs are deactivated rather than deleted, so every user ID keeps its item.
 */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    website: text('website').notNull(),
    description: text('description').notNull().default(''),
    /** Key of a public upload. */
    logoKey: text('logo_key')
      .notNull()
      .references(() => uploads.key, { onDelete: 'restrict' }),
    /** Minor units: the least a new ID or a deposit into one may be. */
    minDeposit: bigint('min_deposit', { mode: 'bigint' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Demo access is shown to every signed-in user, so it is not a secret worth encrypting
     * (unlike a customer's own credentials in user_ids).
     */
    demoLogin: text('demo_login'),
    demoPassword: text('demo_password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('catalogue_items_min_deposit_positive', sql`${t.minDeposit} > 0`)],
);

export type CatalogueItemRow = typeof catalogueItems.$inferSelect;
