-- +goose Up
-- Accounts: a patient signs in with a one-time code sent by SMS to their
-- phone; the first successful sign-in creates the user, who then completes
-- registration (/register/finalize). Sessions are opaque tokens in the
-- token cookie; only their SHA-256 is stored, so a database dump does not
-- hand out sessions.
CREATE TABLE users (
    id            bigserial PRIMARY KEY,
    -- E.164 without the plus: 998 and nine digits.
    phone         text NOT NULL UNIQUE CHECK (phone ~ '^998[0-9]{9}$'),
    first_name    text NOT NULL DEFAULT '',
    last_name     text NOT NULL DEFAULT '',
    birth_date    date,
    gender        text NOT NULL DEFAULT '' CHECK (gender IN ('', 'male', 'female')),
    email         text NOT NULL DEFAULT '',
    -- Set when the registration form was completed.
    registered_at timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Every code sent is a row: the rate limits count them.
CREATE TABLE sign_in_codes (
    id         bigserial PRIMARY KEY,
    phone      text NOT NULL CHECK (phone ~ '^998[0-9]{9}$'),
    code_hash  bytea NOT NULL,
    -- The address that asked, for the per-address limit.
    client_ip  text NOT NULL DEFAULT '',
    attempts   int NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);
CREATE INDEX sign_in_codes_phone ON sign_in_codes (phone, created_at DESC);
CREATE INDEX sign_in_codes_ip ON sign_in_codes (client_ip, created_at DESC);

CREATE TABLE sessions (
    token_hash   bytea PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    user_agent   text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

-- +goose Down
DROP TABLE sessions;
DROP TABLE sign_in_codes;
DROP TABLE users;
