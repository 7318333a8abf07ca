-- Issue 19: a transaction that calls pg_notify takes one lock for the whole database at its
-- commit and keeps it until its commit record is flushed to disk, so every such commit waits
-- for the one before it. Every money call signalled its balance and its queue that way: on
-- the bench, 3 of the pool's 10 connections stood waiting for that lock at COMMIT.
--
-- The busy signals (b:, n:, t:) now go through an outbox when the writing connection asks for
-- it (the server's pool sets iddesk.signal_outbox=on): a row written in the transaction, sent
-- by the server right after the commit, on its listening connection without waiting for the
-- disk (db/change-feed.ts), and by every server once a second for whatever a writer left (a
-- server that died after its commit). UNLOGGED: PostgreSQL empties it after a crash, when
-- every LISTEN connection is lost too and every cache starts empty. Session ends (s:) and user
-- changes (u:: a block, a role) stay NOTIFYs in the transaction itself: rare, and they must
-- reach every server within the second whatever happens to the writer.
CREATE UNLOGGED TABLE cache_signal_outbox (payload text NOT NULL);
--> statement-breakpoint
CREATE FUNCTION iddesk_signal(payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('iddesk.signal_outbox', true) = 'on' THEN
    INSERT INTO cache_signal_outbox (payload) VALUES (payload);
  ELSE
    PERFORM pg_notify('iddesk_cache', payload);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION iddesk_signal_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  same users;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.balance IS DISTINCT FROM NEW.balance THEN
    same := OLD;
    same.balance := NEW.balance;
    IF same IS NOT DISTINCT FROM NEW THEN
      PERFORM iddesk_signal('b:' || OLD.id);
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('iddesk_cache', 'u:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION iddesk_signal_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM iddesk_signal('n:' || NEW.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION iddesk_signal_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM iddesk_signal('t:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
