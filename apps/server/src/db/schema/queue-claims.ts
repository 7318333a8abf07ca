import { integer, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Issue 55 item 2: a pending queue item a staff member has open (docs/product.md#claims). The
 * claim is live while `claimed_until` is in the future; a decision, a cancel or its holder
 * leaving clears it. Only `pending-items` writes these columns.
 */
export const claimColumns = () => ({
  claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
});
