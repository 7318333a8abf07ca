-- Issue 51 item 1: one canonical payment reference. A reference (UTR) was compared as typed, so
-- after 496656515397 was approved, `utr496656515397`, `4966 5651 5397`, `0496656515397`, a
-- trailing dot, full-width, Arabic-Indic or Devanagari digits or a zero-width space inside were
-- another payment. canonical_reference is the one rule (docs/product.md, money rule 11):
--   NFKC (full-width and other compatibility forms become ASCII), then every script's decimal
--   digits (Unicode Nd) as ASCII, a-z upper-cased, everything but 0-9 and A-Z removed (spaces,
--   punctuation, symbols, format characters such as U+200B), a leading UTR removed, then
--   leading zeros; NULL when nothing is left (such a reference is compared with nothing).
-- The digit list is every non-ASCII Nd character, in runs of ten from zero (Unicode encodes
-- decimal digits so), generated from JavaScript's \p{Nd} (Unicode 17.0) when this
-- migration was written; it is a constant here, so PGlite and PostgreSQL compute alike. Letters
-- are upper-cased by translate(), not upper(): upper() follows the database's locale (PGlite
-- upper-cases a dotless ı to I; a Turkish locale turns i into İ). The regular expression runs
-- under the C collation for the same reason. normalize() needs a UTF8 database (PGlite's is;
-- scripts/lib/postgres-cluster.mjs runs initdb -E UTF8): another encoding stops the migration
-- here, with a message saying so (docs/operations.md).
DO $$ BEGIN
  IF current_setting('server_encoding') <> 'UTF8' THEN
    RAISE EXCEPTION 'ID Desk needs a UTF8 database, this one is %: payment references are compared Unicode-normalised (createdb -E UTF8)',
      current_setting('server_encoding');
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION canonical_reference(p_reference text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN nullif(ltrim(regexp_replace(regexp_replace(
  translate(
    -- ASCII (a byte per character) is its own NFKC and holds no other script's digits: it skips
    -- the search through 760 digits (PGlite: 90 µs an ASCII reference with it, 23 µs without).
    CASE WHEN octet_length(p_reference) = char_length(p_reference) THEN p_reference ELSE translate(
      normalize(p_reference, NFKC),
      U&'\+000660\+000661\+000662\+000663\+000664\+000665\+000666\+000667\+000668\+000669'
      || U&'\+0006F0\+0006F1\+0006F2\+0006F3\+0006F4\+0006F5\+0006F6\+0006F7\+0006F8\+0006F9'
      || U&'\+0007C0\+0007C1\+0007C2\+0007C3\+0007C4\+0007C5\+0007C6\+0007C7\+0007C8\+0007C9'
      || U&'\+000966\+000967\+000968\+000969\+00096A\+00096B\+00096C\+00096D\+00096E\+00096F'
      || U&'\+0009E6\+0009E7\+0009E8\+0009E9\+0009EA\+0009EB\+0009EC\+0009ED\+0009EE\+0009EF'
      || U&'\+000A66\+000A67\+000A68\+000A69\+000A6A\+000A6B\+000A6C\+000A6D\+000A6E\+000A6F'
      || U&'\+000AE6\+000AE7\+000AE8\+000AE9\+000AEA\+000AEB\+000AEC\+000AED\+000AEE\+000AEF'
      || U&'\+000B66\+000B67\+000B68\+000B69\+000B6A\+000B6B\+000B6C\+000B6D\+000B6E\+000B6F'
      || U&'\+000BE6\+000BE7\+000BE8\+000BE9\+000BEA\+000BEB\+000BEC\+000BED\+000BEE\+000BEF'
      || U&'\+000C66\+000C67\+000C68\+000C69\+000C6A\+000C6B\+000C6C\+000C6D\+000C6E\+000C6F'
      || U&'\+000CE6\+000CE7\+000CE8\+000CE9\+000CEA\+000CEB\+000CEC\+000CED\+000CEE\+000CEF'
      || U&'\+000D66\+000D67\+000D68\+000D69\+000D6A\+000D6B\+000D6C\+000D6D\+000D6E\+000D6F'
      || U&'\+000DE6\+000DE7\+000DE8\+000DE9\+000DEA\+000DEB\+000DEC\+000DED\+000DEE\+000DEF'
      || U&'\+000E50\+000E51\+000E52\+000E53\+000E54\+000E55\+000E56\+000E57\+000E58\+000E59'
      || U&'\+000ED0\+000ED1\+000ED2\+000ED3\+000ED4\+000ED5\+000ED6\+000ED7\+000ED8\+000ED9'
      || U&'\+000F20\+000F21\+000F22\+000F23\+000F24\+000F25\+000F26\+000F27\+000F28\+000F29'
      || U&'\+001040\+001041\+001042\+001043\+001044\+001045\+001046\+001047\+001048\+001049'
      || U&'\+001090\+001091\+001092\+001093\+001094\+001095\+001096\+001097\+001098\+001099'
      || U&'\+0017E0\+0017E1\+0017E2\+0017E3\+0017E4\+0017E5\+0017E6\+0017E7\+0017E8\+0017E9'
      || U&'\+001810\+001811\+001812\+001813\+001814\+001815\+001816\+001817\+001818\+001819'
      || U&'\+001946\+001947\+001948\+001949\+00194A\+00194B\+00194C\+00194D\+00194E\+00194F'
      || U&'\+0019D0\+0019D1\+0019D2\+0019D3\+0019D4\+0019D5\+0019D6\+0019D7\+0019D8\+0019D9'
      || U&'\+001A80\+001A81\+001A82\+001A83\+001A84\+001A85\+001A86\+001A87\+001A88\+001A89'
      || U&'\+001A90\+001A91\+001A92\+001A93\+001A94\+001A95\+001A96\+001A97\+001A98\+001A99'
      || U&'\+001B50\+001B51\+001B52\+001B53\+001B54\+001B55\+001B56\+001B57\+001B58\+001B59'
      || U&'\+001BB0\+001BB1\+001BB2\+001BB3\+001BB4\+001BB5\+001BB6\+001BB7\+001BB8\+001BB9'
      || U&'\+001C40\+001C41\+001C42\+001C43\+001C44\+001C45\+001C46\+001C47\+001C48\+001C49'
      || U&'\+001C50\+001C51\+001C52\+001C53\+001C54\+001C55\+001C56\+001C57\+001C58\+001C59'
      || U&'\+00A620\+00A621\+00A622\+00A623\+00A624\+00A625\+00A626\+00A627\+00A628\+00A629'
      || U&'\+00A8D0\+00A8D1\+00A8D2\+00A8D3\+00A8D4\+00A8D5\+00A8D6\+00A8D7\+00A8D8\+00A8D9'
      || U&'\+00A900\+00A901\+00A902\+00A903\+00A904\+00A905\+00A906\+00A907\+00A908\+00A909'
      || U&'\+00A9D0\+00A9D1\+00A9D2\+00A9D3\+00A9D4\+00A9D5\+00A9D6\+00A9D7\+00A9D8\+00A9D9'
      || U&'\+00A9F0\+00A9F1\+00A9F2\+00A9F3\+00A9F4\+00A9F5\+00A9F6\+00A9F7\+00A9F8\+00A9F9'
      || U&'\+00AA50\+00AA51\+00AA52\+00AA53\+00AA54\+00AA55\+00AA56\+00AA57\+00AA58\+00AA59'
      || U&'\+00ABF0\+00ABF1\+00ABF2\+00ABF3\+00ABF4\+00ABF5\+00ABF6\+00ABF7\+00ABF8\+00ABF9'
      || U&'\+00FF10\+00FF11\+00FF12\+00FF13\+00FF14\+00FF15\+00FF16\+00FF17\+00FF18\+00FF19'
      || U&'\+0104A0\+0104A1\+0104A2\+0104A3\+0104A4\+0104A5\+0104A6\+0104A7\+0104A8\+0104A9'
      || U&'\+010D30\+010D31\+010D32\+010D33\+010D34\+010D35\+010D36\+010D37\+010D38\+010D39'
      || U&'\+010D40\+010D41\+010D42\+010D43\+010D44\+010D45\+010D46\+010D47\+010D48\+010D49'
      || U&'\+011066\+011067\+011068\+011069\+01106A\+01106B\+01106C\+01106D\+01106E\+01106F'
      || U&'\+0110F0\+0110F1\+0110F2\+0110F3\+0110F4\+0110F5\+0110F6\+0110F7\+0110F8\+0110F9'
      || U&'\+011136\+011137\+011138\+011139\+01113A\+01113B\+01113C\+01113D\+01113E\+01113F'
      || U&'\+0111D0\+0111D1\+0111D2\+0111D3\+0111D4\+0111D5\+0111D6\+0111D7\+0111D8\+0111D9'
      || U&'\+0112F0\+0112F1\+0112F2\+0112F3\+0112F4\+0112F5\+0112F6\+0112F7\+0112F8\+0112F9'
      || U&'\+011450\+011451\+011452\+011453\+011454\+011455\+011456\+011457\+011458\+011459'
      || U&'\+0114D0\+0114D1\+0114D2\+0114D3\+0114D4\+0114D5\+0114D6\+0114D7\+0114D8\+0114D9'
      || U&'\+011650\+011651\+011652\+011653\+011654\+011655\+011656\+011657\+011658\+011659'
      || U&'\+0116C0\+0116C1\+0116C2\+0116C3\+0116C4\+0116C5\+0116C6\+0116C7\+0116C8\+0116C9'
      || U&'\+0116D0\+0116D1\+0116D2\+0116D3\+0116D4\+0116D5\+0116D6\+0116D7\+0116D8\+0116D9'
      || U&'\+0116DA\+0116DB\+0116DC\+0116DD\+0116DE\+0116DF\+0116E0\+0116E1\+0116E2\+0116E3'
      || U&'\+011730\+011731\+011732\+011733\+011734\+011735\+011736\+011737\+011738\+011739'
      || U&'\+0118E0\+0118E1\+0118E2\+0118E3\+0118E4\+0118E5\+0118E6\+0118E7\+0118E8\+0118E9'
      || U&'\+011950\+011951\+011952\+011953\+011954\+011955\+011956\+011957\+011958\+011959'
      || U&'\+011BF0\+011BF1\+011BF2\+011BF3\+011BF4\+011BF5\+011BF6\+011BF7\+011BF8\+011BF9'
      || U&'\+011C50\+011C51\+011C52\+011C53\+011C54\+011C55\+011C56\+011C57\+011C58\+011C59'
      || U&'\+011D50\+011D51\+011D52\+011D53\+011D54\+011D55\+011D56\+011D57\+011D58\+011D59'
      || U&'\+011DA0\+011DA1\+011DA2\+011DA3\+011DA4\+011DA5\+011DA6\+011DA7\+011DA8\+011DA9'
      || U&'\+011DE0\+011DE1\+011DE2\+011DE3\+011DE4\+011DE5\+011DE6\+011DE7\+011DE8\+011DE9'
      || U&'\+011F50\+011F51\+011F52\+011F53\+011F54\+011F55\+011F56\+011F57\+011F58\+011F59'
      || U&'\+016130\+016131\+016132\+016133\+016134\+016135\+016136\+016137\+016138\+016139'
      || U&'\+016A60\+016A61\+016A62\+016A63\+016A64\+016A65\+016A66\+016A67\+016A68\+016A69'
      || U&'\+016AC0\+016AC1\+016AC2\+016AC3\+016AC4\+016AC5\+016AC6\+016AC7\+016AC8\+016AC9'
      || U&'\+016B50\+016B51\+016B52\+016B53\+016B54\+016B55\+016B56\+016B57\+016B58\+016B59'
      || U&'\+016D70\+016D71\+016D72\+016D73\+016D74\+016D75\+016D76\+016D77\+016D78\+016D79'
      || U&'\+01CCF0\+01CCF1\+01CCF2\+01CCF3\+01CCF4\+01CCF5\+01CCF6\+01CCF7\+01CCF8\+01CCF9'
      || U&'\+01D7CE\+01D7CF\+01D7D0\+01D7D1\+01D7D2\+01D7D3\+01D7D4\+01D7D5\+01D7D6\+01D7D7'
      || U&'\+01D7D8\+01D7D9\+01D7DA\+01D7DB\+01D7DC\+01D7DD\+01D7DE\+01D7DF\+01D7E0\+01D7E1'
      || U&'\+01D7E2\+01D7E3\+01D7E4\+01D7E5\+01D7E6\+01D7E7\+01D7E8\+01D7E9\+01D7EA\+01D7EB'
      || U&'\+01D7EC\+01D7ED\+01D7EE\+01D7EF\+01D7F0\+01D7F1\+01D7F2\+01D7F3\+01D7F4\+01D7F5'
      || U&'\+01D7F6\+01D7F7\+01D7F8\+01D7F9\+01D7FA\+01D7FB\+01D7FC\+01D7FD\+01D7FE\+01D7FF'
      || U&'\+01E140\+01E141\+01E142\+01E143\+01E144\+01E145\+01E146\+01E147\+01E148\+01E149'
      || U&'\+01E2F0\+01E2F1\+01E2F2\+01E2F3\+01E2F4\+01E2F5\+01E2F6\+01E2F7\+01E2F8\+01E2F9'
      || U&'\+01E4F0\+01E4F1\+01E4F2\+01E4F3\+01E4F4\+01E4F5\+01E4F6\+01E4F7\+01E4F8\+01E4F9'
      || U&'\+01E5F1\+01E5F2\+01E5F3\+01E5F4\+01E5F5\+01E5F6\+01E5F7\+01E5F8\+01E5F9\+01E5FA'
      || U&'\+01E950\+01E951\+01E952\+01E953\+01E954\+01E955\+01E956\+01E957\+01E958\+01E959'
      || U&'\+01FBF0\+01FBF1\+01FBF2\+01FBF3\+01FBF4\+01FBF5\+01FBF6\+01FBF7\+01FBF8\+01FBF9',
      repeat('0123456789', 76)) END,
    'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') COLLATE "C",
  '[^0-9A-Z]', '', 'g'), '^UTR', ''), '0'), '');
--> statement-breakpoint
-- The stored form beside what the customer typed: generated columns, so adding them computes
-- every row already there (the backfill), and each insert computes its own. The plain
-- reference indexes served only the reuse lookups (the desk's filter is a contains search).
DROP INDEX "bills_reference_idx";--> statement-breakpoint
DROP INDEX "id_requests_reference_idx";--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "reference_canonical" text GENERATED ALWAYS AS (canonical_reference(reference)) STORED;--> statement-breakpoint
ALTER TABLE "id_requests" ADD COLUMN "reference_canonical" text GENERATED ALWAYS AS (canonical_reference(reference)) STORED;--> statement-breakpoint
CREATE INDEX "bills_reference_canonical_idx" ON "bills" USING btree ("reference_canonical");--> statement-breakpoint
CREATE INDEX "id_requests_reference_canonical_idx" ON "id_requests" USING btree ("reference_canonical");
--> statement-breakpoint
-- The reuse tags compare the canonical form (migration 0016's trigger, capped by 0019): the
-- advisory lock is the canonical reference's, so two spellings of one UTR queue on one lock.
-- A BEFORE trigger cannot read a generated column (PostgreSQL computes it after), so the
-- function computes the new payment's form with canonical_reference itself.
CREATE OR REPLACE FUNCTION iddesk_proof_reuse_insert(p_reference text, p_proof_key text, p_target text, p_self_bill integer, p_self_request integer)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_canonical text := canonical_reference(p_reference);
  v_keys text[] := array(select m.other_key from upload_lookalikes m where m.key = p_proof_key);
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
--> statement-breakpoint
-- The cross-check and backfill (uncapped, as before), on the canonical form, in the trigger's
-- order: same reference first, then look-alikes; bills, then requests; each by id.
CREATE OR REPLACE FUNCTION iddesk_proof_tags(p_reference text, p_proof_key text, p_self_bill integer, p_self_request integer)
RETURNS text LANGUAGE sql STABLE AS $$
  select string_agg(x.tag, ',' order by x.kind, x.part, x.id) from (
    select 1 as kind, 1 as part, b.id, 'R:bill:' || b.id as tag from bills b
      where b.reference_canonical = canonical_reference(p_reference) and b.id is distinct from p_self_bill
    union all
    select 1, 2, r.id, 'R:' || case when r.type = 'create' then 'user_id:' || r.user_id_id else 'id_request:' || r.id end
      from id_requests r
      where r.reference_canonical = canonical_reference(p_reference) and r.type in ('create', 'deposit')
        and r.id is distinct from p_self_request
    union all
    select 2, 1, b.id, 'I:bill:' || b.id from upload_lookalikes m join bills b on b.proof_key = m.other_key
      where m.key = p_proof_key and b.id is distinct from p_self_bill
    union all
    select 2, 2, r.id, 'I:' || case when r.type = 'create' then 'user_id:' || r.user_id_id else 'id_request:' || r.id end
      from upload_lookalikes m join id_requests r on r.proof_key = m.other_key
      where m.key = p_proof_key and r.type in ('create', 'deposit') and r.id is distinct from p_self_request
  ) x
$$;
--> statement-breakpoint
-- The payments already there whose reference another payment spells differently (the only rows
-- whose tags the canonical form changes) get their tags again, the first 20 as the trigger keeps.
CREATE VIEW iddesk_respelled AS
  select c.reference_canonical from (
    select reference_canonical, reference from bills
    union all
    select reference_canonical, reference from id_requests where type in ('create', 'deposit')
  ) c where c.reference_canonical is not null
  group by c.reference_canonical having count(distinct c.reference) > 1;
--> statement-breakpoint
UPDATE bills SET reuse = array_to_string((string_to_array(iddesk_proof_tags(reference, proof_key, id, NULL), ','))[1:20], ',')
  WHERE reference_canonical IN (select reference_canonical from iddesk_respelled);
--> statement-breakpoint
UPDATE id_requests SET reuse = array_to_string((string_to_array(iddesk_proof_tags(reference, proof_key, NULL, id), ','))[1:20], ',')
  WHERE type IN ('create', 'deposit') AND reference_canonical IN (select reference_canonical from iddesk_respelled);
--> statement-breakpoint
DROP VIEW iddesk_respelled;
