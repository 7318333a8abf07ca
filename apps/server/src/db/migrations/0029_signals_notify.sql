-- Decision 034: every cache signal is a NOTIFY sent by its trigger in the writing transaction
-- (delivered on commit, never for a rollback, for every writer and every server), as
-- migration 0010 began. The outbox of migration 0023 goes: the server sends nothing after its
-- commits any more. The queues' own t:<table> signals (0020, 0021) go too: no server keeps a
-- staff queue's page or total now, and a money call then notifies only what a cache holds
-- (its customer's balance, b:, and a notification, n:).
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION iddesk_signal_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('iddesk_cache', 'n:' || NEW.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION iddesk_signal_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('iddesk_cache', 't:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION iddesk_signal(text);
--> statement-breakpoint
DROP TABLE cache_signal_outbox;
--> statement-breakpoint
DROP TRIGGER bills_cache_signal ON bills;
--> statement-breakpoint
DROP TRIGGER withdrawals_cache_signal ON withdrawals;
--> statement-breakpoint
DROP TRIGGER id_requests_cache_signal ON id_requests;
--> statement-breakpoint
DROP TRIGGER user_ids_cache_signal ON user_ids;
--> statement-breakpoint
DROP TRIGGER users_contact_cache_signal ON users;
