-- Issue 19: a keyed withdrawal is one statement (withdrawals/repository.ts). Money rule 8's
-- daily payout total must count a concurrent withdrawal of the same customer that committed
-- while this one's hold waited for the customer's row; a statement's own reads use the
-- snapshot it started with, which does not hold that one. A VOLATILE function's query takes a
-- fresh snapshot, so the total is read here, after the hold has locked the row. Over the
-- total it raises (SQLSTATE ID001), and the whole statement, hold and claim included, is
-- undone. Answers the customer's payouts of today before this one. With no total
-- (p_daily_total null) it only reads: the one definition of the day's payouts, which the
-- transaction's insert and the withdrawal form's figures read too. Called in an INSERT's
-- RETURNING its query sees the row just inserted, which p_except_id leaves out.
CREATE FUNCTION withdrawal_payouts_today(
  p_user_id integer, p_time_zone text, p_amount bigint, p_daily_total bigint, p_except_id integer
)
RETURNS bigint
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  paid bigint;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO paid
  FROM withdrawals
  WHERE user_id = p_user_id
    AND id IS DISTINCT FROM p_except_id
    AND status IN ('pending', 'approved')
    AND created_at >= (date_trunc('day', now() AT TIME ZONE p_time_zone) AT TIME ZONE p_time_zone);
  IF paid + p_amount > p_daily_total THEN
    RAISE EXCEPTION 'over the daily payout total' USING ERRCODE = 'ID001';
  END IF;
  RETURN paid;
END
$$;
