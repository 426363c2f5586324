-- +goose Up
-- The deck files the seats brought (issue 13): a JSON array of texts, one per seat ("" for a
-- seat that brought none), or [] when no seat did. Hidden information: only its seat may see
-- a deck file before the game ends.
ALTER TABLE games ADD COLUMN decks TEXT NOT NULL DEFAULT '[]';

-- +goose Down
ALTER TABLE games DROP COLUMN decks;
