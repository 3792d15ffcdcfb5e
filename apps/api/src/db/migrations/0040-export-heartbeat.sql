-- A running export's lease (decision 0059). The instance running an export renews `heartbeat_at` every
-- 30 s; the sweep fails a running export whose lease is more than 2 minutes old (its instance died),
-- so the caps it counts against free up within minutes of a crash instead of the 2 hours it took
-- before (`started_at` + EXPORT_ABANDONED_AFTER_MS). Null on exports that never ran.
alter table exports add column heartbeat_at timestamptz;
