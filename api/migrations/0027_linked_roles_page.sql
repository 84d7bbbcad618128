-- The member's Linked Roles page (api/src/domain/role-connections/user-connection.ts). What was
-- last written to their Discord role connection, so the page can show what is shared without
-- asking Discord: the platform username and the metadata values (null: written before 0027).
ALTER TABLE role_connections ADD COLUMN platform_username text;
ALTER TABLE role_connections ADD COLUMN metadata jsonb;

-- Set when the member disconnected Linked Roles on that page: RoConnect writes nothing to their
-- role connection again, whatever their sign-in grants, until they connect again. Null: never
-- disconnected (or connected again since).
ALTER TABLE users ADD COLUMN role_connections_off_at timestamptz;
