-- Issue 19: a change of a user's balance alone (the ledger's take and add) is signalled as
-- b:<user id> instead of u:<user id>. Each server then keeps the user's identity (role, flags,
-- name) and forgets only the balance: a money call right after another skips the session read,
-- and every read that shows the balance still reads it afresh (auth/session-cache.ts).
CREATE OR REPLACE FUNCTION iddesk_signal_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  same users;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.balance IS DISTINCT FROM NEW.balance THEN
    same := OLD;
    same.balance := NEW.balance;
    IF same IS NOT DISTINCT FROM NEW THEN
      PERFORM pg_notify('iddesk_cache', 'b:' || OLD.id);
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('iddesk_cache', 'u:' || OLD.id);
  RETURN NULL;
END $$;
