import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Site-wide key/value settings: marquee text, contact links, site name. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
