ALTER TABLE "bills" ADD COLUMN "reuse" text;--> statement-breakpoint
ALTER TABLE "id_requests" ADD COLUMN "reuse" text;--> statement-breakpoint
-- Issue 19: a payment's reused-proof tags (modules/proof-reuse) are stored on its row, so a staff
-- list page reads them instead of four indexed lookups per row. Tags name the OTHER payments
-- (bills, and create/deposit ID requests) with the same reference (R) or a look-alike
-- screenshot (I, upload_lookalikes, stored both ways): `R:bill:12,I:user_id:3,R:id_request:7`.
-- Statuses are not stored (they change); the lists read "approved elsewhere" when a row has an
-- R tag. Tags only grow: references, proof keys and look-alike pairs never change after insert.
--
-- iddesk_proof_tags: the tags of a payment, itself excluded (the query the lists ran per row).
CREATE FUNCTION iddesk_proof_tags(p_reference text, p_proof_key text, p_self_bill integer, p_self_request integer)
RETURNS text LANGUAGE sql STABLE AS $$
  select string_agg(x.tag, ',') from (
    select 'R:bill:' || b.id as tag from bills b
      where b.reference = p_reference and b.id is distinct from p_self_bill
    union all
    select 'R:' || case when r.type = 'create' then 'user_id:' || r.user_id_id else 'id_request:' || r.id end
      from id_requests r
      where r.reference = p_reference and r.type in ('create', 'deposit') and r.id is distinct from p_self_request
    union all
    select 'I:bill:' || b.id from upload_lookalikes m join bills b on b.proof_key = m.other_key
      where m.key = p_proof_key and b.id is distinct from p_self_bill
    union all
    select 'I:' || case when r.type = 'create' then 'user_id:' || r.user_id_id else 'id_request:' || r.id end
      from upload_lookalikes m join id_requests r on r.proof_key = m.other_key
      where m.key = p_proof_key and r.type in ('create', 'deposit') and r.id is distinct from p_self_request
  ) x
$$;
--> statement-breakpoint
-- iddesk_proof_reuse_insert: for a payment being inserted (`p_target` is how others name it:
-- bill:<id>, user_id:<id> or id_request:<id>), appends its tag to every other payment it shares
-- a reference or a look-alike screenshot with, and returns its own tags.
-- Concurrent payments with one reference queue on an advisory lock taken before the search, so
-- the later one sees the earlier (each statement of a volatile function takes a fresh snapshot).
-- The appends are relative to the row (`concat_ws(',', reuse, …)`): two at once both land.
CREATE FUNCTION iddesk_proof_reuse_insert(p_reference text, p_proof_key text, p_target text, p_self_bill integer, p_self_request integer)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  -- The screenshots that look like this one, read once: `reference = … OR proof_key IN
  -- (subquery)` cannot use the two indexes and read every bill per insert (bench: 7 ms of
  -- PostgreSQL CPU per deposit on 10 000 bills); the ids are collected by each index instead.
  v_keys text[] := array(select m.other_key from upload_lookalikes m where m.key = p_proof_key);
BEGIN
  IF p_reference IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('iddesk.proof_reference'), hashtext(p_reference));
  END IF;
  UPDATE bills b SET reuse = concat_ws(',', b.reuse,
      case when b.reference = p_reference then 'R:' || p_target end,
      case when b.proof_key = any(v_keys) then 'I:' || p_target end)
    WHERE b.id IN (select x.id from bills x where x.reference = p_reference
                   union select x.id from bills x where x.proof_key = any(v_keys))
      AND b.id is distinct from p_self_bill;
  UPDATE id_requests r SET reuse = concat_ws(',', r.reuse,
      case when r.reference = p_reference then 'R:' || p_target end,
      case when r.proof_key = any(v_keys) then 'I:' || p_target end)
    WHERE r.id IN (select x.id from id_requests x where x.reference = p_reference
                   union select x.id from id_requests x where x.proof_key = any(v_keys))
      AND r.type in ('create', 'deposit') AND r.id is distinct from p_self_request;
  RETURN iddesk_proof_tags(p_reference, p_proof_key, p_self_bill, p_self_request);
END $$;
--> statement-breakpoint
CREATE FUNCTION iddesk_bill_proof_reuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.reuse := iddesk_proof_reuse_insert(NEW.reference, NEW.proof_key, 'bill:' || NEW.id, NEW.id, NULL);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER bills_proof_reuse BEFORE INSERT ON bills
  FOR EACH ROW EXECUTE FUNCTION iddesk_bill_proof_reuse();
--> statement-breakpoint
CREATE FUNCTION iddesk_request_proof_reuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.reuse := iddesk_proof_reuse_insert(NEW.reference, NEW.proof_key,
    case when NEW.type = 'create' then 'user_id:' || NEW.user_id_id else 'id_request:' || NEW.id end, NULL, NEW.id);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Only payments count: a withdrawal, close or password change carries no proof.
CREATE TRIGGER id_requests_proof_reuse BEFORE INSERT ON id_requests
  FOR EACH ROW WHEN (NEW.type IN ('create', 'deposit') AND (NEW.reference IS NOT NULL OR NEW.proof_key IS NOT NULL))
  EXECUTE FUNCTION iddesk_request_proof_reuse();
--> statement-breakpoint
-- The rows already there.
UPDATE bills SET reuse = iddesk_proof_tags(reference, proof_key, id, NULL);
--> statement-breakpoint
UPDATE id_requests SET reuse = iddesk_proof_tags(reference, proof_key, NULL, id)
  WHERE type IN ('create', 'deposit') AND (reference IS NOT NULL OR proof_key IS NOT NULL);
