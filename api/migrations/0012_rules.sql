-- Richer rules (api/README.md › Rules): bind kinds, nickname templates, bypass roles,
-- restrictions, and what each verified member last showed, for the binds preview.

-- A bind checks a group rank range (kind 'group', as every bind stored before), a badge, a game
-- pass or a catalog item (item_id). Stored binds become group binds with no nickname, priority 0.
ALTER TABLE group_binds ALTER COLUMN group_id DROP NOT NULL;
ALTER TABLE group_binds ADD COLUMN kind text NOT NULL DEFAULT 'group';
ALTER TABLE group_binds ADD COLUMN item_id text;
ALTER TABLE group_binds ADD COLUMN item_name text;
ALTER TABLE group_binds ADD COLUMN nickname text;
ALTER TABLE group_binds ADD COLUMN priority integer NOT NULL DEFAULT 0;

-- nickname_template NULL: the named template of nickname_format, so every stored configuration
-- keeps its behaviour. Empty lists and no minimum age: nobody bypasses, nobody is restricted.
ALTER TABLE guild_configs ADD COLUMN nickname_template text;
ALTER TABLE guild_configs ADD COLUMN nickname_bypass_role_ids jsonb NOT NULL DEFAULT '[]';
ALTER TABLE guild_configs ADD COLUMN role_bypass_role_ids jsonb NOT NULL DEFAULT '[]';
ALTER TABLE guild_configs ADD COLUMN min_account_age_days integer;
ALTER TABLE guild_configs ADD COLUMN blocked_roblox_user_ids jsonb NOT NULL DEFAULT '[]';
ALTER TABLE guild_configs ADD COLUMN blocked_group_ids jsonb NOT NULL DEFAULT '[]';
ALTER TABLE guild_configs ADD COLUMN restriction_action text NOT NULL DEFAULT 'deny';

-- Badge, game pass and catalog item names as last read, shared by replicas like
-- roblox_group_cache. name NULL: Roblox said the item does not exist.
CREATE TABLE roblox_item_cache (
  kind text NOT NULL,
  item_id text NOT NULL,
  name text,
  fetched_at timestamptz NOT NULL,
  PRIMARY KEY (kind, item_id)
);

-- What a member's last verification here read from Roblox, and the roles they had after it: the
-- binds preview counts gains and losses from these rows without asking Roblox. group_ranks holds
-- every group the account is in (NULL: never read); badges and owned only the items asked about
-- (id → true/false).
CREATE TABLE member_rule_facts (
  guild_id text NOT NULL,
  discord_id text NOT NULL,
  roblox_id text NOT NULL,
  group_ranks jsonb,
  badges jsonb NOT NULL,
  owned jsonb NOT NULL,
  inventory_private boolean NOT NULL DEFAULT false,
  roblox_created_at timestamptz,
  role_ids jsonb NOT NULL,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (guild_id, discord_id)
);
