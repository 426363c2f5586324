-- +goose Up
-- Rise of Empire campaigns (docs/campaigns.md): the state as JSON, the game under way (an
-- ordinary row of games), and a version for optimistic concurrency.
CREATE TABLE campaigns (
    name    TEXT PRIMARY KEY,
    state   BYTEA NOT NULL,
    game_id TEXT NOT NULL DEFAULT '',
    version INTEGER NOT NULL,
    created BIGINT NOT NULL, -- Unix nanoseconds
    updated BIGINT NOT NULL
);

-- +goose Down
DROP TABLE campaigns;
