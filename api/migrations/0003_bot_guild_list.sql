-- The bot's own guild list, fetched once and shared by every user and replica (one Discord budget).
CREATE TABLE bot_guild_list (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  guild_ids jsonb NOT NULL,
  fetched_at timestamptz NOT NULL
);
