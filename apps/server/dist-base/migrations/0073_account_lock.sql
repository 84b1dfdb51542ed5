-- Staff may lock an account: a locked account cannot sign in and its sessions stop working until
-- staff unlock it.
alter table users add column locked_at timestamptz;
