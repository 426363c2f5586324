-- +goose Up
CREATE TABLE games (
    id       TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    format   TEXT NOT NULL,
    sets     TEXT NOT NULL,              -- JSON array
    options  TEXT NOT NULL,              -- JSON object
    seed     INTEGER NOT NULL,           -- the uint64 seed's bits
    created  INTEGER NOT NULL,           -- Unix nanoseconds
    finished INTEGER NOT NULL DEFAULT 0,
    winners  TEXT NOT NULL DEFAULT '[]', -- JSON array of seats
    actions  INTEGER NOT NULL DEFAULT 0  -- the log's length: the next action's seq
);
CREATE INDEX games_created ON games (created DESC);

CREATE TABLE seats (
    game_id    TEXT NOT NULL REFERENCES games (id),
    n          INTEGER NOT NULL,
    name       TEXT NOT NULL,
    kind       TEXT NOT NULL,
    bot        TEXT NOT NULL DEFAULT '',
    token_hash BLOB,
    claimed    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, n)
);

-- The unique (game, seq) key: a second move at the same point is refused.
CREATE TABLE actions (
    game_id TEXT NOT NULL,
    seq     INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    action  TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Which process runs a game's bots, until when.
CREATE TABLE leases (
    game_id TEXT PRIMARY KEY,
    owner   TEXT NOT NULL,
    expires INTEGER NOT NULL -- Unix nanoseconds
);

-- +goose Down
DROP TABLE leases;
DROP TABLE actions;
DROP TABLE seats;
DROP TABLE games;
