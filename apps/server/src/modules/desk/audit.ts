import type { AuditEntry, AuditQuery, Paginated } from '@iddesk/contract';
import { and, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { pageWindow, toPage, withTotal } from '../../lib/pagination';
import { dayEnd, dayStart } from '../pending-items';

/** `bill.` matches every bill action; anything else is an exact action. */
function actionMatch(action: string): SQL {
  return action.endsWith('.') ? like(auditLog.action, `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : eq(auditLog.action, action);
}

function filterOf(query: Omit<AuditQuery, 'page' | 'perPage'>, timeZone: string): SQL | undefined {
  return and(
    query.actor_id === undefined ? undefined : eq(auditLog.actorId, query.actor_id),
    query.action === undefined ? undefined : actionMatch(query.action),
    query.object_type === undefined ? undefined : eq(auditLog.objectType, query.object_type),
    query.object_id === undefined ? undefined : eq(auditLog.objectId, query.object_id),
    query.from === undefined ? undefined : sql`${auditLog.createdAt} >= ${dayStart(query.from, timeZone)}`,
    query.to === undefined ? undefined : sql`${auditLog.createdAt} < ${dayEnd(query.to, timeZone)}`,
  );
}

/**
 * Issue 16 item 6: every staff action, newest first, with who did it; one statement per page
 * (the actor joined, the total counted in it), each filter on an index (actor, action, object, created_at).
 */
export async function listAudit(db: Db, query: AuditQuery, timeZone: string): Promise<Paginated<AuditEntry>> {
  const where = filterOf(query, timeZone);
  const window = pageWindow(query);
  const { rows, total } = await withTotal(
    db
      .select({
        entry: auditLog,
        actor: { id: users.id, name: users.name, email: users.email },
        total: db.$count(auditLog, where),
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(window.limit)
      .offset(window.offset),
    window,
    () => db.$count(auditLog, where),
  );
  const items = rows.map(({ entry, actor }) => ({
    id: entry.id,
    actor,
    action: entry.action,
    object_type: entry.objectType,
    object_id: entry.objectId,
    before: entry.before,
    after: entry.after,
    ip: entry.ip,
    created_at: entry.createdAt.toISOString(),
  }));
  return toPage(items, total, query);
}
