-- Partner banks as data (docs/decisions.md "Partner banks as data"). Every package belongs to a bank;
-- a paused bank's packages are not offered. The receiving account may be empty only for a bank seeded
-- here: at start-up the server gives such a bank the configured PARTNER_BANK_* account (the seed), and
-- an approval falls back to that account while a bank has none.
create table banks (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) between 2 and 60),
  name text not null check (length(name) between 1 and 120),
  country char(2) not null check (country ~ '^[A-Z]{2}$'),
  city text check (city is null or length(city) between 1 and 120),
  bic text not null check (bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  lei text check (lei is null or lei ~ '^[A-Z0-9]{18}[0-9]{2}$'),
  supervisor text not null check (length(supervisor) between 1 and 200),
  register_entry text not null check (length(register_entry) between 1 and 200),
  description jsonb not null default '{"en": "", "de": "", "fr": ""}',
  scheme_name text not null check (length(scheme_name) between 1 and 200),
  scheme_coverage_cents bigint not null default 10000000 check (scheme_coverage_cents > 0),
  scheme_website text check (scheme_website is null or scheme_website ~ '^https://'),
  scheme_contact text check (scheme_contact is null or length(scheme_contact) <= 300),
  scheme_repayment_days integer not null default 7 check (scheme_repayment_days between 1 and 60),
  -- the depositor information sheet's own text per language (the EU standard form's notes)
  info_sheet jsonb not null default '{"en": "", "de": "", "fr": ""}',
  country_rating text check (country_rating is null or length(country_rating) between 1 and 20),
  country_rating_source text check (country_rating_source is null or length(country_rating_source) between 1 and 200),
  country_rating_date date,
  account_holder text check (account_holder is null or length(account_holder) between 1 and 70),
  account_iban text check (account_iban is null or account_iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  account_bic text check (account_bic is null or account_bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  -- the logo, stored like the postbox files (documents storage, server-made key); null: none
  logo_key text,
  logo_type text check (logo_type is null or logo_type in ('image/png', 'image/jpeg', 'image/webp')),
  logo_updated_at timestamptz,
  status text not null default 'active' check (status in ('active', 'paused')),
  partner_since integer check (partner_since is null or partner_since between 1900 and 2100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint banks_account_complete check (
    (account_holder is null) = (account_iban is null) and (account_iban is null) = (account_bic is null)
  )
);
-- One receiving account belongs to one bank (a statement's account names its bank).
create unique index banks_account_iban_key on banks (account_iban) where account_iban is not null;

-- The demonstration brand's two fictional partner banks. The first has no account of its own yet: it
-- receives the configured PARTNER_BANK_* account at start-up.
-- Fixed ids: the web app's build-time copy of these banks (apps/web/src/content/banks/demo-banks.json)
-- names them too.
insert into banks (id, slug, name, country, city, bic, supervisor, register_entry, description, scheme_name,
  scheme_website, scheme_contact, info_sheet, country_rating, country_rating_source, country_rating_date,
  account_holder, account_iban, account_bic, partner_since, created_at)
values
('0b1a2c3d-0000-4000-8000-000000000001', 'demo-partnerbank', 'Demo Partnerbank AG', 'DE', 'Frankfurt am Main', 'DEMODEFFXXX', 'BaFin',
  'HRB DEMO-111111 (fictional)', '{
    "en": "Fictional German universal bank; takes the 3-, 6- and 12-month deposits.",
    "de": "Fiktive deutsche Universalbank; nimmt die Einlagen mit 3, 6 und 12 Monaten Laufzeit entgegen.",
    "fr": "Banque universelle allemande fictive ; reçoit les dépôts à 3, 6 et 12 mois."
  }', 'Entschädigungseinrichtung deutscher Banken GmbH', 'https://www.edb-banken.de',
  'Burgstraße 28, 10178 Berlin, +49 30 59 00 11 960, info@edb-banken.de', '{
    "en": "Demo Partnerbank AG is a member of the statutory deposit guarantee scheme of the private banks in Germany.",
    "de": "Die Demo Partnerbank AG ist der gesetzlichen Einlagensicherung der privaten Banken in Deutschland angeschlossen.",
    "fr": "Demo Partnerbank AG est affiliée au système légal de garantie des dépôts des banques privées en Allemagne."
  }', 'AAA', 'Fictional demonstration rating', '2026-01-15', null, null, null, 2018, '2018-01-01T00:00:00Z'),
('0b1a2c3d-0000-4000-8000-000000000002', 'beispiel-sparbank', 'Beispiel Sparbank AG', 'DE', 'Hamburg', 'BSPBDEHHXXX', 'BaFin',
  'HRB DEMO-222222 (fictional)', '{
    "en": "Fictional German savings bank; takes the 24- and 36-month deposits.",
    "de": "Fiktive deutsche Sparbank; nimmt die Einlagen mit 24 und 36 Monaten Laufzeit entgegen.",
    "fr": "Banque d''épargne allemande fictive ; reçoit les dépôts à 24 et 36 mois."
  }', 'Entschädigungseinrichtung deutscher Banken GmbH', 'https://www.edb-banken.de',
  'Burgstraße 28, 10178 Berlin, +49 30 59 00 11 960, info@edb-banken.de', '{
    "en": "Beispiel Sparbank AG is a member of the statutory deposit guarantee scheme of the private banks in Germany.",
    "de": "Die Beispiel Sparbank AG ist der gesetzlichen Einlagensicherung der privaten Banken in Deutschland angeschlossen.",
    "fr": "Beispiel Sparbank AG est affiliée au système légal de garantie des dépôts des banques privées en Allemagne."
  }', 'AAA', 'Fictional demonstration rating', '2026-01-15', 'Beispiel Sparbank AG',
  'DE10200500000987654321', 'BSPBDEHHXXX', 2020, '2020-01-01T00:00:00Z');

-- Every package belongs to a bank: as the brand says, 24 months and longer go to the savings bank,
-- the shorter terms to the universal bank.
alter table packages add column bank_id uuid references banks (id);
update packages set bank_id = (select id from banks where slug = 'beispiel-sparbank') where duration_months >= 24;
update packages set bank_id = (select id from banks where slug = 'demo-partnerbank') where bank_id is null;
alter table packages alter column bank_id set not null;
create index packages_bank_idx on packages (bank_id);
