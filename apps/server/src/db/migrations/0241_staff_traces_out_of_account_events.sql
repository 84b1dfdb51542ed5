-- Staff actions in a saver's account events keep that staff acted and when, never who nor from where
-- (docs/decisions.md "Staff actions in the saver's events"): events written before lose the staff
-- member's address, device and e-mail. The audit log still names the staff member.
update account_events
  set ip = null,
      user_agent = null,
      detail = (coalesce(detail, '{}'::jsonb) - 'by') || '{"by_staff": true}'::jsonb
  where detail ? 'by'
     or event = 'password_reset_sent_by_staff';
