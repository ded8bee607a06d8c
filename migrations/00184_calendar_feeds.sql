-- +goose Up
-- A patient's private calendar feed (/calendar/{token}.ics, issue 34 item
-- 5): one secret address per user, which a calendar app polls. The token
-- is 32 random bytes (base64url), kept as it is: /history shows the
-- address again on any device, as Google Calendar shows its "secret
-- address", and the visits it reveals are in this database already.
-- Resetting it writes a new token; the old address answers 404.
CREATE TABLE calendar_feeds (
    user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token      text NOT NULL UNIQUE CHECK (length(token) = 43),
    created_at timestamptz NOT NULL
);

-- +goose Down
DROP TABLE calendar_feeds;
