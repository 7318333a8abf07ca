import { sql } from 'drizzle-orm';
import { preparedOnce } from '../../db/plan-cache';
import { auditLog } from '../../db/schema';
import type { Tx } from '../../db/types';

export type AuditEntry = {
  actorId: number;
  action: string;
  objectType: string;
  objectId?: string | number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
};

/**
 * Record an admin action. Takes a transaction handle on purpose: the entry commits or rolls
 * back together with the change it describes.
 */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  // Built once per database (issue 19). `before` and `after` go as JSON text, a missing one as
  // SQL null (not JSON null), as Drizzle writes a null value.
  const insert = preparedOnce(tx, 'audit insert', (name) =>
    tx
      .insert(auditLog)
      .values({
        actorId: sql.placeholder('actorId'),
        action: sql.placeholder('action'),
        objectType: sql.placeholder('objectType'),
        objectId: sql.placeholder('objectId'),
        before: sql`${sql.placeholder('before')}`,
        after: sql`${sql.placeholder('after')}`,
        ip: sql.placeholder('ip'),
      })
      .prepare(name),
  );
  await insert.execute({
    actorId: entry.actorId,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId == null ? null : String(entry.objectId),
    before: entry.before == null ? null : JSON.stringify(entry.before),
    after: entry.after == null ? null : JSON.stringify(entry.after),
    ip: entry.ip ?? null,
  });
}
