-- Who chose a server's restriction action (docs/security.md, "kick and ban through the bot"):
-- the Discord user id of the person who last saved the restrictions. Before each kick or ban that
-- person's rights are read again from Discord, and the bot only denies when they could not kick
-- or ban the member themselves. Rows saved before 0016 have none: their kick or ban acts as deny
-- until someone allowed to saves the restrictions again, since nobody checked whoever chose it.
ALTER TABLE guild_configs ADD COLUMN restriction_chosen_by text;
