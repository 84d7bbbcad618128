-- Identity the member controls (docs/security.md › Member privacy): where their Roblox account may
-- be shown, who looked them up, and when they were last seen (the two-year inactivity purge).

-- Every stored user counts as seen at this migration: nobody is purged for time before it.
ALTER TABLE users ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
-- What a server the member has not chosen for gets once they verify there: shown by default.
ALTER TABLE users ADD COLUMN privacy_default_visible boolean NOT NULL DEFAULT true;
CREATE INDEX users_last_seen_at ON users (last_seen_at);

-- A member's choice for one server; no row: privacy_default_visible where they verified, else hidden.
CREATE TABLE privacy_consents (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  guild_id text NOT NULL,
  visible boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, guild_id)
);

-- Each /whois or developer-API lookup of a member, listed only to that member. The looker is a
-- member (their Discord id and name then) or a server's API key (its id and name then).
CREATE TABLE privacy_lookups (
  id uuid PRIMARY KEY,
  subject_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  guild_id text NOT NULL,
  source text NOT NULL,
  actor_discord_id text,
  actor_name text,
  api_key_id uuid,
  shown boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX privacy_lookups_subject ON privacy_lookups (subject_user_id, created_at DESC);
CREATE INDEX privacy_lookups_actor ON privacy_lookups (actor_discord_id);

-- Deleting an account keeps the servers' audit log: its verifications stay with the member's
-- identity replaced by a tombstone (domain/accounts/delete-user.ts), so they no longer go with the user.
ALTER TABLE verifications ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE verifications DROP CONSTRAINT verifications_user_id_fkey;
ALTER TABLE verifications
  ADD CONSTRAINT verifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
