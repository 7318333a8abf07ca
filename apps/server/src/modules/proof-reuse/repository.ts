import type { ProofUse, ReusedProof } from '@iddesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/types';
import { ConflictError } from '../../errors/app-errors';
import { t } from '../../lib/i18n';

/**
 * Issue 16: a payment proof (the reference/UTR, the screenshot) used on more than one bill,
 * new ID or ID deposit. Compared across everyone's payments, in any state.
 */

/** Where the proof sits: the row's reference and proof key, and which row is itself. */
export type ProofOwner = {
  reference: SQL;
  proofKey: SQL;
  /** The bill itself (excluded from its matches), or null. */
  selfBill: SQL | null;
  /** The request itself (a deposit, or a new ID's create request), or null. */
  selfRequest: SQL | null;
};

const requestTarget = sql.raw(
  `case when r.type = 'create' then 'user_id:' || r.user_id_id else 'id_request:' || r.id end`,
);

/**
 * A correlated subquery naming every other use: `R:bill:12:approved,I:user_id:3:pending`
 * (R same reference, I look-alike image). Each part is an indexed lookup (bills_reference_idx,
 * id_requests_reference_idx, upload_lookalikes_pk, *_proof_key_idx), so a list page stays one
 * statement. Null when there is none.
 */
export function reuseColumn(owner: ProofOwner): SQL<string | null> {
  const notBill = owner.selfBill === null ? sql`true` : sql`b.id <> ${owner.selfBill}`;
  const notRequest = owner.selfRequest === null ? sql`true` : sql`r.id <> ${owner.selfRequest}`;
  return sql<string | null>`(select string_agg(x.tag, ',') from (
    select 'R:bill:' || b.id || ':' || b.status as tag from bills b
      where b.reference = ${owner.reference} and ${notBill}
    union all
    select 'R:' || ${requestTarget} || ':' || r.status from id_requests r
      where r.reference = ${owner.reference} and r.type in ('create', 'deposit') and ${notRequest}
    union all
    select 'I:bill:' || b.id || ':' || b.status from upload_lookalikes m join bills b on b.proof_key = m.other_key
      where m.key = ${owner.proofKey} and ${notBill}
    union all
    select 'I:' || ${requestTarget} || ':' || r.status from upload_lookalikes m join id_requests r on r.proof_key = m.other_key
      where m.key = ${owner.proofKey} and r.type in ('create', 'deposit') and ${notRequest}
  ) x)`;
}

type Tag = { kind: 'R' | 'I'; use: ProofUse; status: string };

function parseTags(text: string | null): Tag[] {
  if (!text) return [];
  return text.split(',').map((part) => {
    const [kind, type, id, status] = part.split(':');
    return { kind: kind as Tag['kind'], use: { type: type as ProofUse['type'], id: Number(id) }, status: status! };
  });
}

const uniqueUses = (tags: Tag[]): ProofUse[] => {
  const seen = new Map<string, ProofUse>();
  for (const t of tags) seen.set(`${t.use.type}:${t.use.id}`, t.use);
  return [...seen.values()].sort((a, b) => (a.type === b.type ? a.id - b.id : a.type < b.type ? -1 : 1));
};

/** The JSON of `reuseColumn`'s text. */
export function toReusedProof(text: string | null): ReusedProof {
  const tags = parseTags(text);
  const same = tags.filter((t) => t.kind === 'R');
  const image = tags.filter((t) => t.kind === 'I');
  return {
    flagged: tags.length > 0,
    same_reference: uniqueUses(same),
    similar_image: uniqueUses(image),
    reference_approved: same.some((t) => t.status === 'approved'),
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
  const result = await tx.execute<{ tag: string }>(sql`
    select 'bill:' || b.id as tag from bills b
      where b.reference = ${reference} and b.status = 'approved' and b.id <> ${self.billId ?? -1}
    union all
    select ${requestTarget} from id_requests r
      where r.reference = ${reference} and r.status = 'approved' and r.type in ('create', 'deposit')
        and r.id <> ${self.requestId ?? -1}`);
  // PGlite returns { rows }, node-postgres a QueryResult with rows too.
  const rows = (result as { rows: { tag: string }[] }).rows;
  return rows.map((row) => {
    const [type, id] = row.tag.split(':');
    return { type: type as ProofUse['type'], id: Number(id) };
  });
}

/** A customer's new payment naming a reference already on an approved payment: 409 at once. */
export async function assertReferenceFree(db: Db, reference: string | null | undefined): Promise<void> {
  if (!reference) return;
  if ((await approvedElsewhere(db, reference, {})).length > 0) {
    throw new ConflictError('REFERENCE_ALREADY_USED', t('api.reuse.referenceUsed'));
  }
}
