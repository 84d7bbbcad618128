-- A refresh token that a lost-rotation replay replaced (see api/src/features/auth/sessions.ts):
-- it can never be used again, and presenting it ends the session.
ALTER TABLE refresh_tokens ADD COLUMN replaced_at timestamptz;
