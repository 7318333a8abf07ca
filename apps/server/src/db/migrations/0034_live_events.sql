-- Issue 55 item 1 (decision 042): the staff queues tell the change feed of what the live event
-- stream sends staff, in the transaction that writes it, for every writer and every server:
-- q:<queue>:<item id> when an item is filed (pending), h:<queue>:<item id> when a pending item
-- is decided or cancelled. The queue names are those of the admin counts (GET /admin/stats).
CREATE FUNCTION iddesk_signal_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('iddesk_cache', 'q:' || TG_ARGV[0] || ':' || NEW.id);
  ELSE
    PERFORM pg_notify('iddesk_cache', 'h:' || TG_ARGV[0] || ':' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bills_queue_signal AFTER INSERT ON bills
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION iddesk_signal_queue('bills');
--> statement-breakpoint
CREATE TRIGGER bills_queue_done_signal AFTER UPDATE OF status ON bills
  FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending') EXECUTE FUNCTION iddesk_signal_queue('bills');
--> statement-breakpoint
CREATE TRIGGER withdrawals_queue_signal AFTER INSERT ON withdrawals
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION iddesk_signal_queue('withdrawals');
--> statement-breakpoint
CREATE TRIGGER withdrawals_queue_done_signal AFTER UPDATE OF status ON withdrawals
  FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending') EXECUTE FUNCTION iddesk_signal_queue('withdrawals');
--> statement-breakpoint
-- A new ID's own request (`create`) is counted and decided in the new-ID queue.
CREATE TRIGGER id_requests_queue_signal AFTER INSERT ON id_requests
  FOR EACH ROW WHEN (NEW.status = 'pending' AND NEW.type <> 'create') EXECUTE FUNCTION iddesk_signal_queue('requests');
--> statement-breakpoint
CREATE TRIGGER id_requests_queue_done_signal AFTER UPDATE OF status ON id_requests
  FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending' AND NEW.type <> 'create')
  EXECUTE FUNCTION iddesk_signal_queue('requests');
--> statement-breakpoint
CREATE TRIGGER user_ids_queue_signal AFTER INSERT ON user_ids
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION iddesk_signal_queue('new_ids');
--> statement-breakpoint
CREATE TRIGGER user_ids_queue_done_signal AFTER UPDATE OF status ON user_ids
  FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending') EXECUTE FUNCTION iddesk_signal_queue('new_ids');
