-- Issue 19: every server caches what the 5-second poll needs (a session, its user, the
-- newest notification id) and the public lists. These triggers tell every server, through
-- NOTIFY on the channel `iddesk_cache`, what changed. They fire inside the writing
-- transaction, so the signal is sent on commit and never for a rollback, whatever code wrote.
-- Payloads: u:<user id> (a user row changed: balance, block, profile), s:<user id> (a session of
-- the user ended), n:<user id> (a notification was written), t:<table> (a public table changed).
CREATE FUNCTION iddesk_signal_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('iddesk_cache', 'u:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_cache_signal AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION iddesk_signal_user();
--> statement-breakpoint
CREATE FUNCTION iddesk_signal_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('iddesk_cache', 's:' || OLD.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_cache_signal AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION iddesk_signal_session();
--> statement-breakpoint
-- Not the poll's own touch (last use moved forward): anything that shortens a session.
CREATE TRIGGER sessions_update_cache_signal AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (
    NEW.last_used_at < OLD.last_used_at
    OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
    OR NEW.user_id IS DISTINCT FROM OLD.user_id
  ) EXECUTE FUNCTION iddesk_signal_session();
--> statement-breakpoint
CREATE FUNCTION iddesk_signal_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('iddesk_cache', 'n:' || NEW.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_cache_signal AFTER INSERT OR UPDATE OF user_id ON notifications
  FOR EACH ROW EXECUTE FUNCTION iddesk_signal_notification();
--> statement-breakpoint
CREATE FUNCTION iddesk_signal_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('iddesk_cache', 't:' || TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalogue_items_cache_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_items
  FOR EACH STATEMENT EXECUTE FUNCTION iddesk_signal_table();
--> statement-breakpoint
CREATE TRIGGER reviews_cache_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION iddesk_signal_table();
--> statement-breakpoint
CREATE TRIGGER media_items_cache_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON media_items
  FOR EACH STATEMENT EXECUTE FUNCTION iddesk_signal_table();
--> statement-breakpoint
CREATE TRIGGER payment_types_cache_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_types
  FOR EACH STATEMENT EXECUTE FUNCTION iddesk_signal_table();
--> statement-breakpoint
CREATE TRIGGER settings_cache_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION iddesk_signal_table();
--> statement-breakpoint
-- Reviews show their author's current name.
CREATE TRIGGER users_name_cache_signal AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION iddesk_signal_table();
--> statement-breakpoint
CREATE TRIGGER users_delete_cache_signal AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION iddesk_signal_table();
