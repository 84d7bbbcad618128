-- RoConnect initial schema. Ids of Discord objects are snowflake strings; ours are UUIDs.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  discord_id text NOT NULL UNIQUE,
  username text NOT NULL,
  global_name text,
  avatar text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE discord_tokens (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  access_token_enc text NOT NULL,
  refresh_token_enc text NOT NULL,
  expires_at timestamptz NOT NULL,
  scope text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX sessions_user_idx ON sessions(user_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens(session_id);

CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY,
  purpose text NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  guild_id text,
  verifier_enc text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE TABLE guilds (
  id text PRIMARY KEY,
  name text NOT NULL,
  icon text,
  member_count integer NOT NULL DEFAULT 0,
  bot_present boolean NOT NULL DEFAULT false,
  bot_checked_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_guilds (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  guild_id text NOT NULL REFERENCES guilds(id) ON DELETE CASCADE,
  owner boolean NOT NULL,
  permissions text NOT NULL,
  can_manage boolean NOT NULL,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, guild_id)
);
CREATE INDEX user_guilds_guild_idx ON user_guilds(guild_id);

CREATE TABLE guild_configs (
  guild_id text PRIMARY KEY REFERENCES guilds(id) ON DELETE CASCADE,
  nickname_format text NOT NULL DEFAULT 'roblox_username',
  verified_role_name text NOT NULL DEFAULT 'Verified',
  verified_role_id text,
  group_id text,
  group_name text,
  setup_step text NOT NULL DEFAULT 'nickname',
  setup_completed boolean NOT NULL DEFAULT false,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE group_role_binds (
  guild_id text NOT NULL REFERENCES guilds(id) ON DELETE CASCADE,
  rank integer NOT NULL,
  rank_name text NOT NULL,
  discord_role_id text NOT NULL,
  PRIMARY KEY (guild_id, rank)
);

CREATE TABLE roblox_accounts (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  roblox_id text NOT NULL UNIQUE,
  username text NOT NULL,
  display_name text NOT NULL,
  avatar_url text,
  linked_at timestamptz NOT NULL DEFAULT now(),
  verified boolean NOT NULL DEFAULT false
);
CREATE INDEX roblox_accounts_user_idx ON roblox_accounts(user_id);

CREATE TABLE verifications (
  id uuid PRIMARY KEY,
  guild_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  roblox_account_id uuid REFERENCES roblox_accounts(id) ON DELETE SET NULL,
  roles_added jsonb NOT NULL,
  roles_removed jsonb NOT NULL,
  nickname text,
  dm_sent boolean NOT NULL,
  warnings jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verifications_guild_idx ON verifications(guild_id);
