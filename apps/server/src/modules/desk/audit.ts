import { type AuditEntry, type AuditQuery, type AuditRefs, formatAmount, type Paginated } from '@iddesk/contract';
import { and, desc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, catalogueItems, transactions, userIds, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { pageWindow, toPage, withTotal } from '../../lib/pagination';
import { dayEnd, dayStart } from '../pending-items';

/** `bill.` matches every bill action; anything else is an exact action. */
function actionMatch(action: string): SQL {
  return action.endsWith('.') ? like(auditLog.action, `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : eq(auditLog.action, action);
}

/**
 * The object filter. A customer (`user`) is more than their account's row (issue 56): their
 * history also holds what staff did to their bills, withdrawals, IDs and requests, each of
 * which records the customer as `user_id` (on `audit_log_subject_user_idx`).
 */
function objectMatch(type: string | undefined, id: string | undefined): SQL | undefined {
  const ofType = type === undefined ? undefined : eq(auditLog.objectType, type);
  if (id === undefined) return ofType;
  const self = and(ofType, eq(auditLog.objectId, id));
  return type === 'user' ? or(self, sql`(${auditLog.after} ->> 'user_id') = ${id}`) : self;
}

function filterOf(query: Omit<AuditQuery, 'page' | 'perPage'>, timeZone: string): SQL | undefined {
  return and(
    query.actor_id === undefined ? undefined : eq(auditLog.actorId, query.actor_id),
    query.action === undefined ? undefined : actionMatch(query.action),
    objectMatch(query.object_type, query.object_id),
    query.from === undefined ? undefined : sql`${auditLog.createdAt} >= ${dayStart(query.from, timeZone)}`,
    query.to === undefined ? undefined : sql`${auditLog.createdAt} < ${dayEnd(query.to, timeZone)}`,
  );
}

/** An id the entry's `after` names under `field`, as an integer to join on; null otherwise. */
const afterId = (field: string) =>
  sql`case when jsonb_typeof(${auditLog.after} -> ${sql.raw(`'${field}'`)}) = 'number' then (${auditLog.after} ->> ${sql.raw(`'${field}'`)})::bigint end`;

const subject = alias(users, 'subject');
const subjectId = alias(userIds, 'subject_id');
const subjectItem = alias(catalogueItems, 'subject_item');
const subjectEntry = alias(transactions, 'subject_entry');

type RefRow = {
  subject: { id: number; name: string } | null;
  /** Two tables joined: each field may be null on its own. */
  subjectId: { id: number | null; username: string | null; service: string | null } | null;
  subjectEntry: { id: number; description: string; amount: bigint } | null;
};

/**
 * Issue 56: what an entry's ids stand for, read with the page (a rename shows), so the trail
 * reads "Asha Verma" and "Deposit to Lotus Exchange, ₹500.00" instead of "6" and "10". Labels
 * and words stay with the web, in the reader's language.
 */
function refsOf({ subject: user, subjectId: id, subjectEntry: entry }: RefRow): AuditRefs | undefined {
  const refs: AuditRefs = {};
  if (user) refs.users = { [String(user.id)]: user.name };
  if (id?.id != null && id.username !== null && id.service !== null) {
    refs.user_ids = { [String(id.id)]: { service: id.service, username: id.username } };
  }
  if (entry) refs.transactions = { [String(entry.id)]: { description: entry.description, amount: formatAmount(entry.amount) } };
  return Object.keys(refs).length > 0 ? refs : undefined;
}

/**
 * Issue 16 item 6: every staff action, newest first, with who did it; one statement per page
 * (the actor joined, the total counted in it), each filter on an index (actor, action, object,
 * created_at), and what its ids stand for joined in (`refsOf`).
 */
export async function listAudit(db: Db, query: AuditQuery, timeZone: string): Promise<Paginated<AuditEntry>> {
  const where = filterOf(query, timeZone);
  const window = pageWindow(query);
  const { rows, total } = await withTotal(
    db
      .select({
        entry: auditLog,
        actor: { id: users.id, name: users.name, email: users.email },
        subject: { id: subject.id, name: subject.name },
        subjectId: { id: subjectId.id, username: subjectId.username, service: subjectItem.name },
        subjectEntry: { id: subjectEntry.id, description: subjectEntry.description, amount: subjectEntry.amount },
        total: db.$count(auditLog, where),
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      // What the entry's ids stand for, in the same statement (one statement a list page).
      .leftJoin(subject, eq(subject.id, afterId('user_id')))
      .leftJoin(subjectId, eq(subjectId.id, afterId('user_id_id')))
      .leftJoin(subjectItem, eq(subjectItem.id, subjectId.itemId))
      .leftJoin(subjectEntry, eq(subjectEntry.id, afterId('transaction_id')))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(window.limit)
      .offset(window.offset),
    window,
    () => db.$count(auditLog, where),
  );
  const items = rows.map((row) => {
    const { entry, actor } = row;
    const named = refsOf(row);
    return {
      id: entry.id,
      actor,
      action: entry.action,
      object_type: entry.objectType,
      object_id: entry.objectId,
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
      created_at: entry.createdAt.toISOString(),
      ...(named ? { refs: named } : {}),
    };
  });
  return toPage(items, total, query);
}
