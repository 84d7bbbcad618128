-- A server-wide member update kicks or bans at most a share of the server's members
-- (MAX_UNCONFIRMED_REMOVAL_SHARE, docs/production.md) unless the server's owner allows more
-- (docs/security.md, "kick and ban through the bot"). Past that share the run only denies the
-- members a kick or ban restriction catches, holds them back, and once every other member is
-- done waits for the owner: status 'waiting_for_owner', with no worker and no job.

ALTER TABLE member_update_runs DROP CONSTRAINT member_update_runs_status_check;
ALTER TABLE member_update_runs ADD CONSTRAINT member_update_runs_status_check
  CHECK (status IN ('queued', 'running', 'waiting_for_owner', 'done', 'failed', 'cancelled'));

ALTER TABLE member_update_runs
  -- the server's members (bots left out) the listing saw: what the share is a share of
  ADD COLUMN members integer NOT NULL DEFAULT 0,
  -- kicks and bans this run tried (Discord may have refused some)
  ADD COLUMN removed integer NOT NULL DEFAULT 0,
  -- members held back: the run would kick or ban them once the owner allows it
  ADD COLUMN removals_waiting integer NOT NULL DEFAULT 0,
  -- how many kicks and bans the run may try in all once the owner allowed more; null: the
  -- share of `members`. Who allowed it, when and how many is the audit log's (setting_changes),
  -- which forgets the owner's name with their account.
  ADD COLUMN removal_limit integer;

-- a run waiting for the owner is still the server's one active run: pressing "Update all members"
-- again follows it, and the scheduled resync counts it as started
DROP INDEX member_update_runs_one_active;
CREATE UNIQUE INDEX member_update_runs_one_active ON member_update_runs (guild_id)
  WHERE status IN ('queued', 'running', 'waiting_for_owner');

-- 'held': a member the run would kick or ban past the share; only denied so far
ALTER TABLE member_update_items DROP CONSTRAINT member_update_items_state_check;
ALTER TABLE member_update_items ADD CONSTRAINT member_update_items_state_check
  CHECK (state IN ('pending', 'working', 'held', 'done', 'failed'));
