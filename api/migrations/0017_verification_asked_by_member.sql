-- Whether the member asked for this verification themselves (the website's Verify, the Verify
-- button, their own /verify or /update of themselves). Only such rows count as "verified there"
-- for their privacy default (docs/security.md › Member privacy): join handling, another member's
-- /update, update-all, resync and the developer API give roles but reveal nothing.
ALTER TABLE verifications ADD COLUMN member_asked boolean NOT NULL DEFAULT false;

-- Existing rows: since 0004 every writer acting for the member recorded the member as the actor
-- (the website, their own /verify and Verify button), while join handling, update-all, resync and
-- the developer API recorded none and /update recorded the staff member. So actor = member proves
-- the member asked; any other row stays false, as do rows whose actor was deleted since. Rows from
-- before 0004 got the member as actor from 0004: the website wrote them, and /update only in the
-- one commit of the history just before 0004: a small risk, taken knowingly.
UPDATE verifications SET member_asked = true
WHERE actor_user_id IS NOT NULL AND actor_user_id = user_id;

-- the consent read (domain/privacy/consent.ts) looks a member's own verifications up by user
CREATE INDEX verifications_member_asked_idx ON verifications(user_id, guild_id) WHERE member_asked;
