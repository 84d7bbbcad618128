-- Group lock and ban-evasion guard (docs/product.md › Restrictions).
-- required_group_ids: a member in none of these Roblox groups is restricted; empty: no lock.
-- ban_evasion: 'off' | 'flag' | 'deny', what happens when a member verifies with a Roblox account
-- a Discord account banned in the server used here.
ALTER TABLE guild_configs ADD COLUMN required_group_ids jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE guild_configs ADD COLUMN ban_evasion text NOT NULL DEFAULT 'flag';

-- Which Discord accounts verified with which Roblox account in a server: the ban-evasion guard's
-- memory, kept when the account is unlinked (an evader unlinks before linking it again elsewhere)
-- and deleted with the Discord account's RoConnect account.
CREATE TABLE roblox_sightings (
  guild_id text NOT NULL,
  roblox_id text NOT NULL,
  discord_id text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (guild_id, roblox_id, discord_id)
);
CREATE INDEX roblox_sightings_discord ON roblox_sightings (discord_id);
