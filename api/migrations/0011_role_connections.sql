-- Discord Linked Roles (api/src/domain/role-connections). The metadata records each application
-- last registered with Discord, and when: the row is claimed before the call, so that of several
-- replicas starting at once one registers.
CREATE TABLE role_connection_metadata (
  application_id text PRIMARY KEY,
  metadata_hash text NOT NULL,
  registered_at timestamptz NOT NULL DEFAULT now()
);

-- The values last written to a user's role connection: the Roblox account they describe. A
-- verification with the same account writes nothing; unlinking the last account clears them.
CREATE TABLE role_connections (
  user_id uuid PRIMARY KEY,
  roblox_id text NOT NULL,
  written_at timestamptz NOT NULL DEFAULT now()
);
