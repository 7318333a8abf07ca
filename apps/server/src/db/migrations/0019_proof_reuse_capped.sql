-- Issue 19: a UTR or a screenshot sent again and again made every earlier copy's tags grow
-- with each new one: the n-th copy rewrote the n - 1 before it, each holding ~n tags, so the
-- work and the rows grew without bound across accounts (the rate limits bound one account).
-- A payment now keeps at most 20 tags: a new payment stores the first 20 payments it matches
-- (UTR tags, then look-alike ones; bills, then requests; each by id, as before), and an
-- earlier payment takes the new one's tag only while it holds fewer than 20. A payment with
-- one tag is flagged as with a hundred; staff see 20 of them. The count is taken on the row
-- being updated, so two look-alikes inserted at once cannot both pass 19.
CREATE OR REPLACE FUNCTION iddesk_proof_reuse_insert(p_reference text, p_proof_key text, p_target text, p_self_bill integer, p_self_request integer)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_keys text[] := array(select m.other_key from upload_lookalikes m where m.key = p_proof_key);
  v_tags text;
BEGIN
  IF p_reference IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('iddesk.proof_reference'), hashtext(p_reference));
  END IF;
  WITH matched_bills AS (
    select b.id, 'bill:' || b.id AS name,
      coalesce(b.reference = p_reference, false) AS same_reference, coalesce(b.proof_key = any(v_keys), false) AS lookalike
    from bills b
    where b.id IN (select x.id from bills x where x.reference = p_reference
                   union select x.id from bills x where x.proof_key = any(v_keys))
      and b.id is distinct from p_self_bill
  ), matched_requests AS (
    select r.id, case when r.type = 'create' then 'user_id:' || r.user_id_id else 'id_request:' || r.id end AS name,
      coalesce(r.reference = p_reference, false) AS same_reference, coalesce(r.proof_key = any(v_keys), false) AS lookalike
    from id_requests r
    where r.id IN (select x.id from id_requests x where x.reference = p_reference
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
