-- Issue 19: a queue page's total (every bill, withdrawal, ID request or new ID waiting, or all
-- of them) is kept by each server between changes, so a page costs one index range, not a
-- count of the whole queue. These triggers tell every server, as 0010's do for the public
-- tables (t:<table> on `iddesk_cache`), that one of the four queues changed: on commit, for
-- every writer, never for a rollback.
CREATE TRIGGER bills_cache_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bills
  FOR EACH STATEMENT EXECUTE FUNCTION iddesk_signal_table();
--> statement-breakpoint
CREATE TRIGGER withdrawals_cache_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON withdrawals
  FOR EACH STATEMENT EXECUTE FUNCTION iddesk_signal_table();
--> statement-breakpoint
CREATE TRIGGER id_requests_cache_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON id_requests
  FOR EACH STATEMENT EXECUTE FUNCTION iddesk_signal_table();
--> statement-breakpoint
CREATE TRIGGER user_ids_cache_signal AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_ids
  FOR EACH STATEMENT EXECUTE FUNCTION iddesk_signal_table();
