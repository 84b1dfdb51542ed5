-- The seeded package features wrote the guarantee as "100.000 EUR" while the same card prints its
-- amounts with the euro sign ("100.000 €"): one notation per card. Only the seeded wording changes;
-- a feature staff have rewritten is left alone.
update packages
set features = replace(replace(replace(features::text,
  'up to EUR 100,000', 'up to €100,000'),
  'bis 100.000 EUR', 'bis 100.000 €'),
  'jusqu''à 100 000 EUR', 'jusqu''à 100 000 €')::jsonb
where features::text like '%EUR 100,000%' or features::text like '%100.000 EUR%' or features::text like '%100 000 EUR%';
