-- The server owner's console (issue 15): binds, the unverified role, the audit log.

-- Binds: a Roblox group rank range → a Discord role; several groups per server, kept in the
-- owner's order. Replaces group_role_binds (one rank → one role of one group).
CREATE TABLE group_binds (
  guild_id text NOT NULL REFERENCES guilds(id) ON DELETE CASCADE,
  position integer NOT NULL,
  group_id text NOT NULL,
  -- the group's name when the bind was saved (warnings and the editor while Roblox is down)
  group_name text,
  min_rank integer NOT NULL CHECK (min_rank BETWEEN 0 AND 255),
  max_rank integer NOT NULL CHECK (max_rank BETWEEN 0 AND 255),
  role_id text NOT NULL,
  -- the role's name when the bind was saved (shown while Discord cannot be asked)
  role_name text NOT NULL,
  CHECK (min_rank <= max_rank),
  PRIMARY KEY (guild_id, position)
);

-- Existing servers keep working: each rank → role row becomes a single-rank range.
INSERT INTO group_binds (guild_id, position, group_id, group_name, min_rank, max_rank, role_id, role_name)
SELECT b.guild_id,
       (row_number() OVER (PARTITION BY b.guild_id ORDER BY b.rank)) - 1,
       c.group_id, c.group_name, b.rank, b.rank, b.discord_role_id, b.rank_name
FROM group_role_binds b
JOIN guild_configs c ON c.guild_id = b.guild_id
WHERE c.group_id IS NOT NULL;

DROP TABLE group_role_binds;

-- Given to members who are not verified, removed when they verify; null when off.
ALTER TABLE guild_configs ADD COLUMN unverified_role_id text;

-- The audit log is two tables read as one (newest first): verifications (one row per roles /
-- nickname update of a member) and setting_changes. Names are copied at the time of the event, so
-- the log still reads right after a user leaves, renames or unlinks.
ALTER TABLE verifications ADD COLUMN source text NOT NULL DEFAULT 'website';
ALTER TABLE verifications ADD COLUMN actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE verifications ADD COLUMN actor_discord_id text;
ALTER TABLE verifications ADD COLUMN actor_username text;
ALTER TABLE verifications ADD COLUMN member_discord_id text;
ALTER TABLE verifications ADD COLUMN member_username text;
ALTER TABLE verifications ADD COLUMN roblox_id text;
ALTER TABLE verifications ADD COLUMN roblox_username text;
ALTER TABLE verifications ADD COLUMN nickname_before text;
ALTER TABLE verifications ADD COLUMN nickname_after text;
-- true when, after this update, the member's nickname was the one the bot's format gives
ALTER TABLE verifications ADD COLUMN nickname_by_bot boolean NOT NULL DEFAULT false;
-- role ids beside the names, so unlinking can take back exactly what the bot gave
ALTER TABLE verifications ADD COLUMN role_ids_added jsonb NOT NULL DEFAULT '[]';
ALTER TABLE verifications ADD COLUMN role_ids_removed jsonb NOT NULL DEFAULT '[]';

UPDATE verifications v
SET actor_user_id = v.user_id,
    actor_discord_id = u.discord_id,
    actor_username = u.username,
    member_discord_id = u.discord_id,
    member_username = u.username,
    nickname_after = v.nickname,
    nickname_by_bot = v.nickname IS NOT NULL
FROM users u
WHERE u.id = v.user_id;

UPDATE verifications v
SET roblox_id = a.roblox_id, roblox_username = a.username
FROM roblox_accounts a
WHERE a.id = v.roblox_account_id;

CREATE INDEX verifications_guild_time_idx ON verifications(guild_id, created_at DESC, id DESC);
CREATE INDEX verifications_account_idx ON verifications(roblox_account_id, guild_id);

CREATE TABLE setting_changes (
  id uuid PRIMARY KEY,
  guild_id text NOT NULL,
  actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  actor_discord_id text,
  actor_username text,
  -- 'nickname_format' | 'verified_role' | 'unverified_role' | 'binds'
  setting text NOT NULL,
  before text,
  after text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX setting_changes_guild_time_idx ON setting_changes(guild_id, created_at DESC, id DESC);
