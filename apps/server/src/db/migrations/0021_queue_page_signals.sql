-- Issue 19: each server keeps an unfiltered staff queue page (bills, withdrawals, ID requests,
-- new IDs) until a table its view reads changes (pending-items views.ts). A page shows the
-- customer's name, email and phone: 0010 tells every server of a name change (t:users, for the
-- reviews); this trigger tells them of a new email or phone too.
CREATE TRIGGER users_contact_cache_signal AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION iddesk_signal_table();
