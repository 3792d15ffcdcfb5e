-- The audit log names a deleted Link or application on every event about it (a pause, a secret
-- rotation, a visitor's step), not only on the events that recorded its name: its delete event keeps
-- the name it had, and the log's page looks it up by the target's id. Partial on the delete action, so
-- only those (rare) events enter the index: the other events' writes pay nothing for it.
create index audit_events_deleted_link_idx on audit_events (company_id, target_link_id)
  where action = 'delete-link';
create index audit_events_deleted_application_idx on audit_events (company_id, target_application_id)
  where action = 'delete-application';
