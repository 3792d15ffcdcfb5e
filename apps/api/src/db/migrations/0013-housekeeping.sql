-- The hourly purge (shared/housekeeping) finds dead rows by these, instead of reading whole tables.
create index sessions_expires_idx on sessions (expires_at);
create index password_reset_tokens_expires_idx on password_reset_tokens (expires_at);
create index connect_tokens_expires_idx on connect_tokens (expires_at);
create index link_codes_expires_idx on link_codes (expires_at);
create index rate_limits_window_idx on rate_limits (window_started_at);
create index mail_outbox_sent_idx on mail_outbox (created_at) where status <> 'pending';
