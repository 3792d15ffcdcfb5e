-- Mail that found no SMTP server (SMTP_URL not set) went to the server's log only. It was recorded as
-- `sent` with its text wiped, so the operator's `mail list` could not show an invitation's link to
-- someone without the log (found by QA). It is now `not_sent` and keeps its text until housekeeping
-- erases it once its links have expired; the sweep leaves it alone, as it does sent and failed mail.
alter table mail_outbox drop constraint mail_outbox_status_check;
alter table mail_outbox add constraint mail_outbox_status_check
  check (status in ('pending', 'sent', 'not_sent', 'failed'));

-- The mail whose text housekeeping erases: unsent (not_sent, or failed after its last attempt) and
-- still holding text. Small, so the hourly erase never walks a month of sent mail to find it.
create index mail_outbox_unsent_text_idx on mail_outbox (created_at)
  where status in ('not_sent', 'failed') and body_text <> '';
