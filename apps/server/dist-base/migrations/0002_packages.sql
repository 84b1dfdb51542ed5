-- Deposit packages. Features are kept per language.
create table packages (
  id uuid primary key default gen_random_uuid(),
  duration_months integer not null check (duration_months > 0 and duration_months <= 120),
  interest_rate numeric(5, 2) not null check (interest_rate >= 0 and interest_rate <= 20),
  min_amount numeric(14, 2) not null check (min_amount > 0),
  max_amount numeric(14, 2) not null,
  currency char(3) not null default 'EUR',
  features jsonb not null default '{"en": [], "de": [], "fr": []}',
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (max_amount >= min_amount)
);
create index packages_active_duration_idx on packages (is_active, duration_months);

insert into packages (duration_months, interest_rate, min_amount, max_amount, currency, features) values
(3, 2.50, 1000, 50000, 'EUR', '{
  "en": ["Fixed rate for the whole term", "Early withdrawal allowed", "Interest paid at maturity", "Deposit protection up to EUR 100,000", "No account or transaction fees"],
  "de": ["Fester Zinssatz für die gesamte Laufzeit", "Vorzeitige Auszahlung möglich", "Zinszahlung am Laufzeitende", "Einlagensicherung bis 100.000 EUR", "Keine Konto- oder Transaktionsgebühren"],
  "fr": ["Taux fixe pendant toute la durée", "Retrait anticipé possible", "Intérêts versés à l''échéance", "Garantie des dépôts jusqu''à 100 000 EUR", "Aucuns frais de compte ni de transaction"]
}'),
(6, 3.00, 1000, 100000, 'EUR', '{
  "en": ["Fixed rate for the whole term", "Interest paid at maturity", "Deposit protection up to EUR 100,000", "No account or transaction fees"],
  "de": ["Fester Zinssatz für die gesamte Laufzeit", "Zinszahlung am Laufzeitende", "Einlagensicherung bis 100.000 EUR", "Keine Konto- oder Transaktionsgebühren"],
  "fr": ["Taux fixe pendant toute la durée", "Intérêts versés à l''échéance", "Garantie des dépôts jusqu''à 100 000 EUR", "Aucuns frais de compte ni de transaction"]
}'),
(12, 3.50, 5000, 250000, 'EUR', '{
  "en": ["Fixed rate for the whole term", "Our most popular term", "Interest paid at maturity", "Deposit protection up to EUR 100,000", "No account or transaction fees"],
  "de": ["Fester Zinssatz für die gesamte Laufzeit", "Unsere beliebteste Laufzeit", "Zinszahlung am Laufzeitende", "Einlagensicherung bis 100.000 EUR", "Keine Konto- oder Transaktionsgebühren"],
  "fr": ["Taux fixe pendant toute la durée", "Notre durée la plus demandée", "Intérêts versés à l''échéance", "Garantie des dépôts jusqu''à 100 000 EUR", "Aucuns frais de compte ni de transaction"]
}'),
(24, 3.75, 5000, 500000, 'EUR', '{
  "en": ["Fixed rate for the whole term", "Interest paid at maturity", "Deposit protection up to EUR 100,000", "Personal account manager", "No account or transaction fees"],
  "de": ["Fester Zinssatz für die gesamte Laufzeit", "Zinszahlung am Laufzeitende", "Einlagensicherung bis 100.000 EUR", "Persönlicher Kundenbetreuer", "Keine Konto- oder Transaktionsgebühren"],
  "fr": ["Taux fixe pendant toute la durée", "Intérêts versés à l''échéance", "Garantie des dépôts jusqu''à 100 000 EUR", "Conseiller personnel dédié", "Aucuns frais de compte ni de transaction"]
}'),
(36, 3.99, 5000, 500000, 'EUR', '{
  "en": ["Highest fixed rate", "Interest paid at maturity", "Deposit protection up to EUR 100,000", "Personal account manager", "No account or transaction fees"],
  "de": ["Höchster fester Zinssatz", "Zinszahlung am Laufzeitende", "Einlagensicherung bis 100.000 EUR", "Persönlicher Kundenbetreuer", "Keine Konto- oder Transaktionsgebühren"],
  "fr": ["Taux fixe le plus élevé", "Intérêts versés à l''échéance", "Garantie des dépôts jusqu''à 100 000 EUR", "Conseiller personnel dédié", "Aucuns frais de compte ni de transaction"]
}');
