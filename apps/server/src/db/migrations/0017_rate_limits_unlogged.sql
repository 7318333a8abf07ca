-- Rate-limit counters are not money and need no durability (issue 19, decision 015): an
-- unlogged table writes no WAL, so the one-statement transaction of each counter's upsert
-- commits without waiting for a WAL flush. A crash (not a clean stop) empties the table, and
-- a standby does not receive it: every window starts again, which a limiter of minutes to an
-- hour can afford. Money tables stay logged.
ALTER TABLE "rate_limits" SET UNLOGGED;
