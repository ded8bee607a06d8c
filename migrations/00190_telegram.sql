-- +goose Up
-- Telegram (issue 31). A Telegram user linked to an account: by the phone
-- they shared with the bot (the Mini App's contact request: the user of
-- that phone, created as a first SMS sign-in would), by the login
-- widget while signed in, or by a staff member's one-time code from /desk.
-- One Telegram user per account and one account per Telegram user.
CREATE TABLE telegram_links (
    telegram_id bigint PRIMARY KEY,
    user_id     bigint NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    username    text NOT NULL DEFAULT '',
    -- The language of the bot's messages to them: their Telegram's, when
    -- Uzbek, else Russian.
    lang        text NOT NULL DEFAULT 'ru' CHECK (lang IN ('ru', 'uz')),
    linked_at   timestamptz NOT NULL,
    -- Set when the bot was answered 403 (the person blocked it): notices
    -- go by SMS until they write to the bot again.
    blocked_at  timestamptz
);

-- Each signed initData or login-widget payload signs in once: its hash is
-- kept until it could no longer be accepted anyway (auth_date + 24 h).
CREATE TABLE telegram_auth_used (
    hash       bytea PRIMARY KEY,
    expires_at timestamptz NOT NULL
);
CREATE INDEX telegram_auth_used_expires ON telegram_auth_used (expires_at);

-- Every webhook update handled, so a retry of one Telegram already
-- delivered does nothing the second time.
CREATE TABLE telegram_updates (
    update_id   bigint PRIMARY KEY,
    received_at timestamptz NOT NULL
);
CREATE INDEX telegram_updates_received ON telegram_updates (received_at);

-- One-time codes a staff member takes from /desk and sends to the bot
-- (/start link-CODE); only the code's SHA-256 is stored.
CREATE TABLE telegram_link_codes (
    code_hash  bytea PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);

-- How far the clinics' bot has read appointment_history (one row).
CREATE TABLE telegram_staff_cursor (
    id      boolean PRIMARY KEY DEFAULT true CHECK (id),
    last_id bigint NOT NULL
);
INSERT INTO telegram_staff_cursor (last_id)
SELECT coalesce(max(id), 0) FROM appointment_history;

-- Which way a notice went: SMS, or the bot to a linked Telegram.
ALTER TABLE appointment_notices ADD COLUMN channel text NOT NULL DEFAULT 'sms' CHECK (channel IN ('sms', 'telegram'));

-- The patient's own "I will come" (the bot's confirm button), beside the
-- clinic's confirmed_at.
ALTER TABLE appointments ADD COLUMN patient_confirmed_at timestamptz;

-- +goose Down
ALTER TABLE appointments DROP COLUMN patient_confirmed_at;
ALTER TABLE appointment_notices DROP COLUMN channel;
DROP TABLE telegram_staff_cursor;
DROP TABLE telegram_link_codes;
DROP TABLE telegram_updates;
DROP TABLE telegram_auth_used;
DROP TABLE telegram_links;
