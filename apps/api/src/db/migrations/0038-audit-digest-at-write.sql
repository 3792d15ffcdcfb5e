-- Issue 26: the event's content digest travels in its marker, computed when the event is written.
--
-- The sealer used to read every waiting event back (17 columns, its jsonb and timestamps parsed) only to
-- digest it: ~100-200 µs of the API's CPU per event, and a pass of a few hundred events held the event
-- loop for tens of milliseconds. The writer already has those values in hand: it digests them (the same
-- `digestAuditContent` verify uses on the row as read) and the marker carries the digest, so the sealer
-- reads markers only. verify still recomputes every digest from the stored row, so a row altered before
-- its seal is now found too (the seal chains the digest of what was written).
-- Null for markers written before this migration: the sealer reads those events as before.
alter table audit_unsealed add column content_digest text;
