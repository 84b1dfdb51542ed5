-- The demonstration banks' register entries and rating source were English ("(fictional)", "Fictional
-- demonstration rating") on the German and French pages too: these fields have one value for every
-- language, so they now carry the language-neutral DEMO marker the brand's own numbers use; the
-- translated descriptions still say the banks are fictional (docs/decisions.md "Bank data in the
-- reader's language"). Rows staff have changed since are left alone.
update banks set register_entry = replace(register_entry, ' (fictional)', '')
where id in ('0b1a2c3d-0000-4000-8000-000000000001', '0b1a2c3d-0000-4000-8000-000000000002')
  and register_entry like 'HRB DEMO-% (fictional)';

update banks set country_rating_source = 'DEMO'
where id in ('0b1a2c3d-0000-4000-8000-000000000001', '0b1a2c3d-0000-4000-8000-000000000002')
  and country_rating_source = 'Fictional demonstration rating';
