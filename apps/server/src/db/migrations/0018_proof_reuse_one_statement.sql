-- Issue 19: a payment's insert tagged the earlier payments it shares a UTR or a look-alike
-- screenshot with (two UPDATEs), then searched the same rows again for its own tags through
-- iddesk_proof_tags, a SQL function planned afresh on every call (bench: 0.2–0.7 ms of the
-- deposit's 2 ms insert). Its own tags are exactly the rows the UPDATEs tag, so they are now
-- read from the UPDATEs' RETURNING, in one statement whose plan PL/pgSQL keeps. The same tags,
-- now in a fixed order (UTR tags, then look-alike ones; bills, then requests; each by id); the
-- advisory lock on the UTR is kept. iddesk_proof_tags stays for the backfill and the tests' cross-check.
CREATE OR REPLACE FUNCTION iddesk_proof_reuse_insert(p_reference text, p_proof_key text, p_target text, p_self_bill integer, p_self_request integer)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_keys text[] := array(select m.other_key from upload_lookalikes m where m.key = p_proof_key);
  v_tags text;
BEGIN
  IF p_reference IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('iddesk.proof_reference'), hashtext(p_reference));
  END IF;
  WITH tagged_bills AS (
    UPDATE bills b SET reuse = concat_ws(',', b.reuse,
        case when b.reference = p_reference then 'R:' || p_target end,
        case when b.proof_key = any(v_keys) then 'I:' || p_target end)
      WHERE b.id IN (select x.id from bills x where x.reference = p_reference
                     union select x.id from bills x where x.proof_key = any(v_keys))
        AND b.id is distinct from p_self_bill
      RETURNING 1 AS part, b.id, 'bill:' || b.id AS name,
        coalesce(b.reference = p_reference, false) AS same_reference, coalesce(b.proof_key = any(v_keys), false) AS lookalike
  ), tagged_requests AS (
    UPDATE id_requests r SET reuse = concat_ws(',', r.reuse,
        case when r.reference = p_reference then 'R:' || p_target end,
        case when r.proof_key = any(v_keys) then 'I:' || p_target end)
      WHERE r.id IN (select x.id from id_requests x where x.reference = p_reference
                     union select x.id from id_requests x where x.proof_key = any(v_keys))
        AND r.type in ('create', 'deposit') AND r.id is distinct from p_self_request
      RETURNING 2 AS part, r.id, case when r.type = 'create' then 'user_id:' || r.user_id_id else 'id_request:' || r.id end AS name,
        coalesce(r.reference = p_reference, false) AS same_reference, coalesce(r.proof_key = any(v_keys), false) AS lookalike
  ), tagged AS (
    select * from tagged_bills union all select * from tagged_requests
  )
  SELECT string_agg(t.tag, ',' ORDER BY t.kind, t.part, t.id) INTO v_tags FROM (
    select 1 AS kind, part, id, 'R:' || name AS tag from tagged where same_reference
    union all
    select 2, part, id, 'I:' || name from tagged where lookalike
  ) t;
  RETURN v_tags;
END $$;
