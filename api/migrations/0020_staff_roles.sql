-- Delegated staff (docs/product.md › Staff): members holding a manager role use the server's
-- console without Manage Server; members holding an updater role may /update other members and
-- start member updates. Role ids of that server, at most 10 each; empty: nobody is delegated.
ALTER TABLE guild_configs
  ADD COLUMN manager_role_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN updater_role_ids jsonb NOT NULL DEFAULT '[]'::jsonb;

-- whether the member held a manager role when it was last read live from Discord (a hint for the
-- server list and the cheap config reads; every write reads the roles again)
ALTER TABLE user_guilds ADD COLUMN staff_manager boolean NOT NULL DEFAULT false;

-- update by role: the run covers only members holding this role; null: everyone
ALTER TABLE member_update_runs ADD COLUMN role_id text;
