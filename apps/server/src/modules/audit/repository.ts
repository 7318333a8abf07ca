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
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId == null ? null : String(entry.objectId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}
