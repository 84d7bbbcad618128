-- The two-year purge of inactive accounts (api/src/domain/maintenance/inactive-accounts.ts) takes a
-- batch at a time. A user whose deletion failed (Discord unreachable for their clean-up) is marked
-- here and goes to the back of the next batches, so a few failing users can never hold the rest
-- back forever (docs/security.md › Member privacy). Null: never failed.
ALTER TABLE users ADD COLUMN purge_failed_at timestamptz;
