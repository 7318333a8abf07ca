-- Issue 51 item 3: look-alike screenshots found by their text lines (lib/lookalike.ts, docs/decisions/038),
-- not by a 64-bit hash. Each private image gets a fingerprint row, with the earlier proofs it was
-- found to look like (`lookalike_of`, at most 20), and a few index keys (proof_keys). The pairs
-- of look-alikes, stored both ways for every pair (upload_lookalikes: 419 530 rows for 15
-- pictures reused across 2 500 deposits), and the hash with its band indexes go. Proofs stored
-- before this migration have no fingerprint: `npm run lookalike:rehash` takes them from the
-- stored files (docs/operations.md); until then they are neither found nor find others. The
-- tags already on payments' rows (bills.reuse, id_requests.reuse) stay as they are.
CREATE TABLE "proof_fingerprints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proof_fingerprints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"upload_key" text NOT NULL,
	"fingerprint" "bytea" NOT NULL,
	"lookalike_of" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "proof_fingerprints_upload_key_unique" UNIQUE("upload_key")
);
--> statement-breakpoint
CREATE TABLE "proof_keys" (
	"key" bigint NOT NULL,
	"fingerprint_id" integer NOT NULL,
	CONSTRAINT "proof_keys_pk" PRIMARY KEY("key","fingerprint_id")
);
--> statement-breakpoint
DROP TABLE "upload_lookalikes" CASCADE;--> statement-breakpoint
DROP INDEX "uploads_phash_band0_idx";--> statement-breakpoint
DROP INDEX "uploads_phash_band1_idx";--> statement-breakpoint
DROP INDEX "uploads_phash_band2_idx";--> statement-breakpoint
DROP INDEX "uploads_phash_band3_idx";--> statement-breakpoint
DROP INDEX "uploads_phash_band4_idx";--> statement-breakpoint
ALTER TABLE "proof_fingerprints" ADD CONSTRAINT "proof_fingerprints_upload_key_uploads_key_fk" FOREIGN KEY ("upload_key") REFERENCES "public"."uploads"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proof_fingerprints_lookalike_of_idx" ON "proof_fingerprints" USING gin ("lookalike_of") WHERE cardinality("proof_fingerprints"."lookalike_of") > 0;--> statement-breakpoint
ALTER TABLE "uploads" DROP COLUMN "phash";
--> statement-breakpoint
-- The payments' tags as the tables give them (the backfill's, the rehash's and the tests'
-- cross-check), as migration 0026 left them (the canonical reference, the trigger's order: same
-- reference first, then look-alikes; bills, then requests; each by id), with the look-alikes
-- read from the fingerprints: the proofs this one names and the proofs that name it.
CREATE OR REPLACE FUNCTION iddesk_proof_tags(p_reference text, p_proof_key text, p_self_bill integer, p_self_request integer)
RETURNS text LANGUAGE sql STABLE AS $$
  with lookalikes as (
    select unnest(f.lookalike_of) as other_key from proof_fingerprints f where f.upload_key = p_proof_key
    union
    select f.upload_key from proof_fingerprints f
      where f.lookalike_of @> array[p_proof_key] and cardinality(f.lookalike_of) > 0
  )
  select string_agg(x.tag, ',' order by x.kind, x.part, x.id) from (
    select 1 as kind, 1 as part, b.id, 'R:bill:' || b.id as tag from bills b
      where b.reference_canonical = canonical_reference(p_reference) and b.id is distinct from p_self_bill
    union all
    select 1, 2, r.id, 'R:' || case when r.type = 'create' then 'user_id:' || r.user_id_id else 'id_request:' || r.id end
      from id_requests r
      where r.reference_canonical = canonical_reference(p_reference) and r.type in ('create', 'deposit')
        and r.id is distinct from p_self_request
    union all
    select 2, 1, b.id, 'I:bill:' || b.id from lookalikes m join bills b on b.proof_key = m.other_key
      where b.id is distinct from p_self_bill
    union all
    select 2, 2, r.id, 'I:' || case when r.type = 'create' then 'user_id:' || r.user_id_id else 'id_request:' || r.id end
      from lookalikes m join id_requests r on r.proof_key = m.other_key
      where r.type in ('create', 'deposit') and r.id is distinct from p_self_request
  ) x
$$;
--> statement-breakpoint
-- The insert trigger's function as migration 0026 left it (the canonical reference and its
-- advisory lock), its look-alikes read from the new proof's fingerprint row (written before the
-- payment, in its transaction) instead of upload_lookalikes.
CREATE OR REPLACE FUNCTION iddesk_proof_reuse_insert(p_reference text, p_proof_key text, p_target text, p_self_bill integer, p_self_request integer)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_canonical text := canonical_reference(p_reference);
  v_keys text[] := coalesce((select f.lookalike_of from proof_fingerprints f where f.upload_key = p_proof_key), '{}');
  v_tags text;
BEGIN
  IF v_canonical IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('iddesk.proof_reference'), hashtext(v_canonical));
  END IF;
  WITH matched_bills AS (
    select b.id, 'bill:' || b.id AS name,
      coalesce(b.reference_canonical = v_canonical, false) AS same_reference, coalesce(b.proof_key = any(v_keys), false) AS lookalike
    from bills b
    where b.id IN (select x.id from bills x where x.reference_canonical = v_canonical
                   union select x.id from bills x where x.proof_key = any(v_keys))
      and b.id is distinct from p_self_bill
  ), matched_requests AS (
    select r.id, case when r.type = 'create' then 'user_id:' || r.user_id_id else 'id_request:' || r.id end AS name,
      coalesce(r.reference_canonical = v_canonical, false) AS same_reference, coalesce(r.proof_key = any(v_keys), false) AS lookalike
    from id_requests r
    where r.id IN (select x.id from id_requests x where x.reference_canonical = v_canonical
                   union select x.id from id_requests x where x.proof_key = any(v_keys))
      and r.type in ('create', 'deposit') and r.id is distinct from p_self_request
  ), tagged_bills AS (
    UPDATE bills b SET reuse = concat_ws(',', b.reuse,
        case when m.same_reference then 'R:' || p_target end,
        case when m.lookalike then 'I:' || p_target end)
      FROM matched_bills m
      WHERE b.id = m.id AND coalesce(array_length(string_to_array(b.reuse, ','), 1), 0) < 20
  ), tagged_requests AS (
    UPDATE id_requests r SET reuse = concat_ws(',', r.reuse,
        case when m.same_reference then 'R:' || p_target end,
        case when m.lookalike then 'I:' || p_target end)
      FROM matched_requests m
      WHERE r.id = m.id AND coalesce(array_length(string_to_array(r.reuse, ','), 1), 0) < 20
  ), matched AS (
    select 1 AS part, * from matched_bills union all select 2, * from matched_requests
  )
  SELECT string_agg(t.tag, ',' ORDER BY t.kind, t.part, t.id) INTO v_tags FROM (
    select * from (
      select 1 AS kind, part, id, 'R:' || name AS tag from matched where same_reference
      union all
      select 2, part, id, 'I:' || name from matched where lookalike
    ) every_tag ORDER BY kind, part, id LIMIT 20
  ) t;
  RETURN v_tags;
END $$;
