-- A server's own words (docs/product.md › Messages): the verified DM, the welcome DM and the
-- Verify message's title, body and button label, as templates; null keeps RoConnect's text.
-- verify_text is the plain text the Verify message was last posted with (POST …/verify-message
-- `text`), so an edit in place or a re-post says the same.
CREATE TABLE server_messages (
  guild_id text PRIMARY KEY,
  verified_dm text,
  welcome_dm text,
  verify_title text,
  verify_body text,
  verify_button_label text,
  verify_text text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
