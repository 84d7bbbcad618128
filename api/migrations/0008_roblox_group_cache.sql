-- Roblox group names and ranks, shared by every replica so a group is read from Roblox once per
-- ROBLOX_GROUP_CACHE_SECONDS, whoever asks (docs/security.md). name NULL: Roblox said the group
-- does not exist. See api/src/lib/roblox-group-cache.ts.
CREATE TABLE roblox_group_cache (
  group_id text PRIMARY KEY,
  name text,
  ranks jsonb NOT NULL,
  fetched_at timestamptz NOT NULL
);
