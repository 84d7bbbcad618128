-- The developer API and outbound webhooks (api/README.md › Developer API). Nothing here names a
-- member: the lookups themselves are in privacy_lookups (0013), updates in verifications, and a
-- delivery's body is dropped once it is delivered or given up.

-- A server's API keys: only the SHA-256 of the key is kept (the key is shown once). A revoked key
-- keeps its row (its name and last use stay listed) and is refused from the moment it is revoked.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  guild_id text NOT NULL,
  name text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  -- the key's first characters, so a manager can tell keys apart
  key_prefix text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_guild ON api_keys (guild_id, created_at);

-- Every call made with a key, answered or refused: the route's pattern, never the member asked for.
CREATE TABLE api_key_calls (
  id uuid PRIMARY KEY,
  key_id uuid NOT NULL,
  guild_id text NOT NULL,
  method text NOT NULL,
  route text NOT NULL,
  status integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_key_calls_key ON api_key_calls (key_id, created_at);

-- One HTTPS endpoint per server; its signing secret encrypted like the Discord tokens.
CREATE TABLE webhooks (
  guild_id text PRIMARY KEY,
  url text NOT NULL,
  secret_enc text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Each event sent (or being sent) to a server's endpoint. status: 'pending' (attempts left),
-- 'delivered', 'failed' (every attempt spent or the address refused).
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  guild_id text NOT NULL,
  event text NOT NULL,
  body text,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX webhook_deliveries_guild ON webhook_deliveries (guild_id, created_at);
