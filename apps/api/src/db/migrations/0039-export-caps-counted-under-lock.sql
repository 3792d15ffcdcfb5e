-- Issue 32: the export caps are counted after the new export's insert, under its company's row lock,
-- in one statement.
--
-- export-generate used to lock the company's row FOR UPDATE, then count, then insert, then commit: the
-- lock was held over three round trips, and under load the suite's workload spent ~45 ms a call waiting
-- for it (pg_stat_statements). Now the export is inserted first, unlocked; this function then takes the
-- lock and counts in one statement, so the lock is held from that statement to the commit (one round
-- trip). In READ COMMITTED each statement of a volatile function takes a new snapshot: the count runs
-- after the lock is granted, so it sees every export committed by the transaction that held the lock
-- before, and the caller's own, uncommitted insert. FOR NO KEY UPDATE (not FOR UPDATE): it still
-- queues concurrent exports of the company behind each other, but no longer blocks the foreign-key
-- checks (FOR KEY SHARE) of inserts into the company's other tables.
create function lock_and_count_active_exports(p_company_id uuid, p_user_id uuid,
  out company_active bigint, out user_active bigint)
language plpgsql volatile as $$
begin
  perform 1 from companies where id = p_company_id for no key update;
  select count(*), count(*) filter (where created_by = p_user_id)
    into company_active, user_active
    from exports
    where company_id = p_company_id and status in ('queued', 'running');
end
$$;
