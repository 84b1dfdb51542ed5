-- The languages the platform speaks, as a table: the six CHECK constraints that named en, de and fr
-- give way to foreign keys to it. The migration runner adds every entry of LANGUAGES (packages/domain)
-- after each run (db/migrate.ts), so a language added to that list is accepted by the database too.
create table languages (
  code text primary key check (code ~ '^[a-z]{2}$')
);
insert into languages (code) values ('en'), ('de'), ('fr');

alter table applications drop constraint applications_language_check,
  add constraint applications_language_fkey foreign key (language) references languages (code);
alter table contact_messages drop constraint contact_messages_language_check,
  add constraint contact_messages_language_fkey foreign key (language) references languages (code);
alter table newsletter_subscriptions drop constraint newsletter_subscriptions_language_check,
  add constraint newsletter_subscriptions_language_fkey foreign key (language) references languages (code);
alter table users drop constraint users_language_check,
  add constraint users_language_fkey foreign key (language) references languages (code);
alter table email_outbox drop constraint email_outbox_language_check,
  add constraint email_outbox_language_fkey foreign key (language) references languages (code);
alter table postbox_documents drop constraint postbox_documents_language_check,
  add constraint postbox_documents_language_fkey foreign key (language) references languages (code);
