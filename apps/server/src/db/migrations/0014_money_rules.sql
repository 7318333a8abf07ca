ALTER TYPE "public"."transaction_status" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."approval_status" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."user_id_status" ADD VALUE 'cancelled';--> statement-breakpoint
-- Hand-written (issue 17). The `cancelled` values above are new: nothing in this file (nor in a
-- later migration of the same run, which shares its transaction) may use them, as PostgreSQL
-- allows a new enum value only after its transaction commits.
--
-- Phones stored one way, as the contract's normalisePhoneNumber writes them: Indian numbers
-- "+91" and ten digits (from "98765 43210", "098765-43210", "919876543210", "+91 0 98765 43210"),
-- others with a country code "+<digits>". Oldest account first; an account whose normal form
-- another account already has keeps its phone as stored (both accounts stay, nothing fails).
-- Every change and every phone kept is an audit entry without an actor (staff find them under
-- `user.phone_normalised` and `user.phone_kept`), so the owner can sort the leftovers out.
DO $$
DECLARE
  r record;
  digits text;
  intl text;
  norm text;
BEGIN
  FOR r IN SELECT id, phone FROM users ORDER BY id LOOP
    norm := NULL;
    IF btrim(r.phone) ~ '^\+?[0-9 ().-]+$' THEN
      digits := regexp_replace(r.phone, '[^0-9]', '', 'g');
      intl := CASE
        WHEN btrim(r.phone) LIKE '+%' THEN digits
        WHEN digits LIKE '00%' THEN substr(digits, 3)
      END;
      IF intl IS NOT NULL THEN
        IF intl ~ '^910[0-9]{10}$' THEN
          norm := '+91' || substr(intl, 4);
        ELSIF length(intl) BETWEEN 7 AND 15 THEN
          norm := '+' || intl;
        END IF;
      ELSIF length(digits) = 10 THEN
        norm := '+91' || digits;
      ELSIF length(digits) = 11 AND digits LIKE '0%' THEN
        norm := '+91' || substr(digits, 2);
      ELSIF length(digits) = 12 AND digits LIKE '91%' THEN
        norm := '+' || digits;
      END IF;
    END IF;
    CONTINUE WHEN norm IS NULL OR norm = r.phone;
    IF EXISTS (SELECT 1 FROM users WHERE phone = norm) THEN
      INSERT INTO audit_log (actor_id, action, object_type, object_id, before, after)
      VALUES (NULL, 'user.phone_kept', 'user', r.id::text,
        jsonb_build_object('phone', r.phone),
        jsonb_build_object('phone', r.phone, 'normal_form_taken', norm));
      RAISE NOTICE 'user % keeps phone %: % belongs to another account', r.id, r.phone, norm;
    ELSE
      UPDATE users SET phone = norm WHERE id = r.id;
      INSERT INTO audit_log (actor_id, action, object_type, object_id, before, after)
      VALUES (NULL, 'user.phone_normalised', 'user', r.id::text,
        jsonb_build_object('phone', r.phone), jsonb_build_object('phone', norm));
    END IF;
  END LOOP;
END $$;
