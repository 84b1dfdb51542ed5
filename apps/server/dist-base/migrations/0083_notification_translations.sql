-- A notification from staff may be written per language: `translations` holds, for each of en, de and
-- fr, the title and message that readers of that language get (the first written language, with a
-- note saying so, where staff wrote none). title and message keep the first written language, for
-- readers whose language is missing and for notifications sent before.
alter table notifications add column translations jsonb;
