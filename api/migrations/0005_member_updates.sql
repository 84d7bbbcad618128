-- Updating every member of a server (issue 16): one row per run, one row per linked member it
-- must update. A run is worked in slices by whichever replica holds its lease, so a run outlives
-- the process that started it and nobody is updated twice.
CREATE TABLE member_update_runs (
  id uuid PRIMARY KEY,
  guild_id text NOT NULL,
  requested_by uuid,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  -- the last Discord user id listed; listing resumes after it
  list_cursor text NOT NULL DEFAULT '0',
  listed boolean NOT NULL DEFAULT false,
  error text,
  -- the lease: which worker is on it, and when it last said so
  worker text,
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX member_update_runs_guild ON member_update_runs (guild_id, created_at DESC);
-- at most one run per server at a time
CREATE UNIQUE INDEX member_update_runs_one_active ON member_update_runs (guild_id)
  WHERE status IN ('queued', 'running');

CREATE TABLE member_update_items (
  run_id uuid NOT NULL REFERENCES member_update_runs (id) ON DELETE CASCADE,
  discord_id text NOT NULL,
  -- pending → working → done | failed; 'working' left behind by a crash is re-read from Discord
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'working', 'done', 'failed')),
  -- the member's roles and nickname as listed, so most members cost no extra read
  listed_roles jsonb NOT NULL,
  listed_nick text,
  PRIMARY KEY (run_id, discord_id)
);
CREATE INDEX member_update_items_todo ON member_update_items (run_id, state);
