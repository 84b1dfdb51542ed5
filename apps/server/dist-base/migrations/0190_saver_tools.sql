-- Saver tools (docs/decisions.md "Saver tools"): the renewal rule, the deposit ladder, rate alerts and
-- the yearly interest statement in the postbox.

-- The renewal rule: renew only if the term's rate is then at least the saver's threshold. The threshold
-- goes with that instruction and with no other.
alter table applications drop constraint applications_maturity_instruction_check;
alter table applications add constraint applications_maturity_instruction_check check (
  maturity_instruction in ('payout', 'renew_principal', 'renew_all', 'renew_if_rate_at_least')
);
alter table applications add column renew_min_rate numeric(5, 2) check (renew_min_rate between 0 and 20);
alter table applications add constraint applications_renew_min_rate_with_rule check (
  (renew_min_rate is not null) = (maturity_instruction is not distinct from 'renew_if_rate_at_least')
);

alter table deposits drop constraint deposits_maturity_instruction_check;
alter table deposits add constraint deposits_maturity_instruction_check check (
  maturity_instruction in ('payout', 'renew_principal', 'renew_all', 'renew_if_rate_at_least')
);
alter table deposits add column renew_min_rate numeric(5, 2) check (renew_min_rate between 0 and 20);
alter table deposits add constraint deposits_renew_min_rate_with_rule check (
  (renew_min_rate is not null) = (maturity_instruction = 'renew_if_rate_at_least')
);

-- A deposit ladder: one total over several terms, one application per rung. Every rung (and each of its
-- renewals) renews into the ladder's longest term, kept on the application and the deposit so that the
-- maturity job reads it from the row it locks.
create table ladders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  total_cents bigint not null check (total_cents > 0),
  currency char(3) not null default 'EUR',
  longest_term_months integer not null check (longest_term_months > 0),
  created_at timestamptz not null default now()
);
create index ladders_user_created_idx on ladders (user_id, created_at desc);

alter table applications add column ladder_id uuid references ladders (id) on delete set null;
alter table applications add column ladder_term_months integer check (ladder_term_months > 0);
create index applications_ladder_idx on applications (ladder_id) where ladder_id is not null;
alter table deposits add column ladder_term_months integer check (ladder_term_months > 0);

-- Rate alerts: told once when the best active rate for a term rises to the alert's rate. `armed` is
-- true while that rate is below it; firing disarms, a fall below arms again.
create table rate_alerts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  term_months integer not null check (term_months > 0),
  rate numeric(5, 2) not null check (rate between 0 and 20),
  armed boolean not null,
  fired_count integer not null default 0,
  last_fired_at timestamptz,
  created_at timestamptz not null default now()
);
create index rate_alerts_term_idx on rate_alerts (term_months) include (rate, armed);
create index rate_alerts_user_idx on rate_alerts (user_id, created_at desc);

-- The yearly interest statement is a postbox document of its own.
alter table postbox_documents drop constraint postbox_documents_kind_check;
alter table postbox_documents add constraint postbox_documents_kind_check check (kind in (
  'application_confirmation', 'approval', 'withdrawal_receipt', 'funding_confirmation', 'maturity_statement',
  'closure_statement', 'holdings_statement', 'tax_statement'
));
