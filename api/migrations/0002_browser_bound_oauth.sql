-- Every OAuth flow completes only in the browser that started it (docs/security.md).
-- browser_hash: SHA-256 of the HttpOnly binding cookie the start route set.
-- client_check_enc: the web app's login check (encrypted), echoed in the login fragment.
ALTER TABLE oauth_states ADD COLUMN browser_hash text;
ALTER TABLE oauth_states ADD COLUMN client_check_enc text;
CREATE INDEX oauth_states_expires_idx ON oauth_states(expires_at);
CREATE INDEX refresh_tokens_expires_idx ON refresh_tokens(expires_at);
CREATE INDEX sessions_expires_idx ON sessions(expires_at);
