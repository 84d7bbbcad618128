-- Settings for what the bot does inside Discord (api/README.md › Discord settings): what happens when
-- someone joins (the gateway worker reads join_handling and join_dm), the channel the audit log is
-- also posted to, the optional scheduled resync, and the channel holding the Verify message (kept so
-- the health check can say when the bot can no longer post there). log_channel_error: why the last
-- post to the log channel failed (null after a post that went through), shown by the health check.
ALTER TABLE guild_configs ADD COLUMN join_handling text NOT NULL DEFAULT 'verify'
  CHECK (join_handling IN ('verify', 'off'));
ALTER TABLE guild_configs ADD COLUMN join_dm boolean NOT NULL DEFAULT false;
ALTER TABLE guild_configs ADD COLUMN log_channel_id text;
ALTER TABLE guild_configs ADD COLUMN log_channel_error text;
ALTER TABLE guild_configs ADD COLUMN resync text NOT NULL DEFAULT 'off'
  CHECK (resync IN ('off', 'daily', 'weekly'));
ALTER TABLE guild_configs ADD COLUMN verify_channel_id text;
ALTER TABLE guild_configs ADD COLUMN verify_message_id text;
