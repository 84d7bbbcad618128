-- The gateway's state across every worker process (api/src/gateway/gateway-state.ts).
--
-- Discord allows `session_start_limit.total` identifies a day per bot and resets the bot token past
-- it: the identifies left, counted down by whichever process identifies (never below zero), and
-- refreshed from GET /gateway/bot once the window has passed. One row.
CREATE TABLE gateway_session_starts (
  id smallint PRIMARY KEY CHECK (id = 1),
  remaining integer NOT NULL CHECK (remaining >= 0),
  reset_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A shard Discord closed for good (4004, 4010-4014): its holder does not identify it again until
-- it restarts, and /api/health names the cause. A shard that is READY again drops its row.
CREATE TABLE gateway_refusals (
  shard_id integer PRIMARY KEY CHECK (shard_id >= 0),
  code integer NOT NULL,
  holder text NOT NULL,
  refused_at timestamptz NOT NULL DEFAULT now()
);
