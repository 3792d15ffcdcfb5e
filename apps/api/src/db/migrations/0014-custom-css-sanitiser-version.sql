-- Issue 21: the sanitiser's rules tightened (url() only for data: images and fonts, no unicode-range,
-- attribute selectors from an allowlist). `css` stored under older rules may still carry what the new
-- ones remove: the hosted pages serve only rows sanitised by the current version, and the API
-- sanitises older rows again from their `source` when it starts (features/custom-css).
--   sanitiser_version  the rules `css` and `removed` were made by (1: decision 0015; 2: decision 0023).
alter table custom_css add column sanitiser_version integer not null default 1;
