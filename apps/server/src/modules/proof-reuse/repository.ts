import type { ProofUse, ReusedProof } from '@iddesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/types';
import { ConflictError } from '../../errors/app-errors';
import { t } from '../../lib/i18n';

/**
 * Issue 16: a payment proof (the reference/UTR, the screenshot) used on more than one bill,
 * new ID or ID deposit. Compared across everyone's payments, in any state.
 */

const requestTarget = sql.raw(
  `case when r.type = 'create' then 'user_id:' || r.user_id_id else 'id_request:' || r.id end`,
);

/** Where the proof sits: the row's stored tags, its reference, and which row is itself. */
export type ProofOwner = {
  /** The row's `reuse` column: its tags, kept by the database on insert (migration 0016). */
  tags: SQL;
  reference: SQL;
  /** The bill itself (excluded from its matches), or null. */
  selfBill: SQL | null;
  /** The request itself (a deposit, or a new ID's create request), or null. */
  selfRequest: SQL | null;
};

/**
 * Issue 19: the tags (`R:bill:12,I:user_id:3`, R same reference, I look-alike image) are stored
 * on each payment's row when it is inserted, and appended to the earlier payments it matches
 * (the trigger of migration 0016), so a list page reads them from the row. What can still
 * change, whether another payment with the same reference is approved, is read here, only for
 * a row with an R tag: two indexed lookups (bills_reference_idx, id_requests_reference_idx).
 */
export function referenceApprovedColumn(owner: ProofOwner): SQL<boolean> {
  const notBill = owner.selfBill === null ? sql`true` : sql`b.id <> ${owner.selfBill}`;
  const notRequest = owner.selfRequest === null ? sql`true` : sql`r.id <> ${owner.selfRequest}`;
  return sql<boolean>`(case when position('R:' in ${owner.tags}) > 0 then (
    exists (select 1 from bills b where b.reference = ${owner.reference} and b.status = 'approved' and ${notBill})
    or exists (select 1 from id_requests r where r.reference = ${owner.reference} and r.status = 'approved'
      and r.type in ('create', 'deposit') and ${notRequest})) else false end)`;
}

type Tag = { kind: 'R' | 'I'; use: ProofUse };

function parseTags(text: string | null): Tag[] {
  if (!text) return [];
  return text.split(',').map((part) => {
    const [kind, type, id] = part.split(':');
    return { kind: kind as Tag['kind'], use: { type: type as ProofUse['type'], id: Number(id) } };
  });
}

const uniqueUses = (tags: Tag[]): ProofUse[] => {
  const seen = new Map<string, ProofUse>();
  for (const t of tags) seen.set(`${t.use.type}:${t.use.id}`, t.use);
  return [...seen.values()].sort((a, b) => (a.type === b.type ? a.id - b.id : a.type < b.type ? -1 : 1));
};

/** The JSON of a row's stored tags and its `referenceApprovedColumn`. */
export function toReusedProof(text: string | null, referenceApproved: boolean): ReusedProof {
  const tags = parseTags(text);
  const same = tags.filter((t) => t.kind === 'R');
  const image = tags.filter((t) => t.kind === 'I');
  return {
    flagged: tags.length > 0,
    same_reference: uniqueUses(same),
    similar_image: uniqueUses(image),
    reference_approved: same.length > 0 && referenceApproved,
  };
}

/**
 * Other payments with this reference that are already approved, read in the approving
 * transaction: approving this one too would credit one payment twice.
 */
export async function approvedElsewhere(
  tx: Tx | Db,
  reference: string | null,
  self: { billId?: number; requestId?: number },
): Promise<ProofUse[]> {
  if (reference === null) return [];
  const rows = await tx
    .select({ tag: sql<string>`found.tag` })
    .from(
      sql`(select 'bill:' || b.id as tag from bills b
        where b.reference = ${reference} and b.status = 'approved' and b.id <> ${self.billId ?? -1}::int
      union all
      select ${requestTarget} from id_requests r
        where r.reference = ${reference} and r.status = 'approved' and r.type in ('create', 'deposit')
          and r.id <> ${self.requestId ?? -1}::int) as found`,
    );
  return rows.map((row) => {
    const [type, id] = row.tag.split(':');
    return { type: type as ProofUse['type'], id: Number(id) };
  });
}

/**
 * Money rule 11 under concurrency: an approval takes its payment's reference lock (the one
 * migration 0016's trigger takes when a payment is filed) before the payment's row, so two
 * approvals of one UTR queue, and the second's `approvedElsewhere`, a later statement, sees the
 * first once it has committed. Reference, then rows, as the trigger: one lock order.
 * `reference` selects the payment's reference (no row, or a null one, locks nothing).
 */
export async function lockReference(tx: Tx, reference: SQL): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('iddesk.proof_reference'), hashtext(p.reference)) from (${reference}) as p(reference) where p.reference is not null`,
  );
}

/** A customer's new payment naming a reference already on an approved payment: 409 at once. */
export async function assertReferenceFree(db: Db, reference: string | null | undefined): Promise<void> {
  if (!reference) return;
  if ((await approvedElsewhere(db, reference, {})).length > 0) {
    throw new ConflictError('REFERENCE_ALREADY_USED', t('api.reuse.referenceUsed'));
  }
}
