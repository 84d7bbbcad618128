-- The gateway worker (api/src/gateway): Discord's events reach RoConnect over shards of the
-- gateway, and across every worker process exactly one holds each shard. A holder renews its
-- lease every few seconds; a lease left to expire (its process died) is taken by another, which
-- resumes the session stored beside it so Discord replays what was missed. A table, not advisory
-- locks: the embedded PGlite has one session for everything, so a lock would be everyone's.
CREATE TABLE gateway_shard_leases (
  shard_id integer PRIMARY KEY CHECK (shard_id >= 0),
  holder text NOT NULL,
  expires_at timestamptz NOT NULL,
  -- the session to resume (null: identify afresh); its sequence is that of the last event handed
  -- to the job engine, so a resume replays anything after it and nothing is lost
  shard_count integer,
  session_id text,
  resume_url text,
  sequence bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Discord lets max_concurrency shards identify per 5 s, one per bucket (shard_id % max_concurrency),
-- whichever process they run in: when each bucket may identify next.
CREATE TABLE gateway_identify_slots (
  rate_key integer PRIMARY KEY CHECK (rate_key >= 0),
  next_at timestamptz NOT NULL
);

-- Whether a member is in a server as the gateway last told us: 'gone' once they left. seen_at is
-- when the event arrived, so an older event handled late never overwrites a newer one.
CREATE TABLE guild_member_presence (
  guild_id text NOT NULL,
  discord_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('present', 'gone')),
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (guild_id, discord_id)
);

-- The scheduled resync (guild_configs.resync): the last update-all run it started per server.
CREATE TABLE guild_resyncs (
  guild_id text PRIMARY KEY,
  run_id uuid NOT NULL,
  started_at timestamptz NOT NULL
);
