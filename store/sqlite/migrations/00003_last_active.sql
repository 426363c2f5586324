-- +goose Up
-- When a game last had an action or a seat claim (Unix nanoseconds), so that games nobody
-- plays can be found and ended as abandoned; a game that exists already counts as active
-- when it was created.
ALTER TABLE games ADD COLUMN last_active INTEGER NOT NULL DEFAULT 0;
UPDATE games SET last_active = created;
-- 1: ended by the store's Abandon, unplayed (finished is 1 too, with no winners).
ALTER TABLE games ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0;
-- The idle sweep reads only unfinished games by last activity.
CREATE INDEX games_idle ON games (last_active) WHERE finished = 0;

-- +goose Down
DROP INDEX games_idle;
ALTER TABLE games DROP COLUMN abandoned;
ALTER TABLE games DROP COLUMN last_active;
