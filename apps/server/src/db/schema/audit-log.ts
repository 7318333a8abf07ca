import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One row per admin action (docs/product.md#domain). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Kept when the admin account is later removed, so the trail survives. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_object_idx').on(t.objectType, t.objectId),
    index('audit_log_created_at_idx').on(t.createdAt),
    // The audit page's filters (issue 16).
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    // A customer's history (issue 56): what staff did to the items that name them as `user_id`.
    index('audit_log_subject_user_idx').on(sql`(${t.after} ->> 'user_id')`, t.id),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
